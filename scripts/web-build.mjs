// The web app's production build: whether it is older than its sources, and building it.
// Shared by `npm start` and the page-budget check, so both rebuild on the same rule.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDir = path.join(root, 'apps/web');
const buildId = path.join(webDir, '.next/BUILD_ID');
const sources = [
  'apps/web/src',
  'apps/web/messages',
  'apps/web/public',
  'apps/web/next.config.ts',
  'packages/core',
  'config',
  'package-lock.json',
];

export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

export function needsBuild() {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/**
 * Runs a build step to its end and answers its exit code. The step runs in a process group of
 * its own (npm, next build and Next's workers), and SIGINT or SIGTERM to this process stops the
 * whole group before this process exits (with 0, as children.mjs stops the servers): a start
 * killed mid-build used to leave `next build` running, holding .next/lock, and the next start's
 * build failed with "Another next build process is already running". A lock file whose process
 * is gone is no obstacle: Next locks it with the operating system's file lock, not by existence.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>}
 */
export function runBuild(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true });
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is gone already
    }
  };
  let stopped = false;
  const stop = (signal) => {
    stopped = true;
    signalGroup(signal);
    setTimeout(() => signalGroup('SIGKILL'), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // The step's own children may outlive it: the group goes with it.
      signalGroup('SIGTERM');
      if (stopped) process.exit(0);
      resolve(code ?? 1);
    });
  });
}

/** Builds when the sources changed since the last build; exits the process when it fails. */
export async function buildWebIfNeeded(tag) {
  if (!needsBuild()) return;
  console.log(`[${tag}] building the web app…`);
  const status = await runBuild('npm', ['run', 'build', '-w', '@checkout/web']);
  if (status !== 0) process.exit(status);
}
