// The web app's production build: whether it is older than its sources, and building it.
// Shared by `npm start` and the page-budget check, so both rebuild on the same rule.
import { spawnSync } from 'node:child_process';
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

/** Builds when the sources changed since the last build; exits the process when it fails. */
export function buildWebIfNeeded(tag) {
  if (!needsBuild()) return;
  console.log(`[${tag}] building the web app…`);
  const build = spawnSync('npm', ['run', 'build', '-w', '@checkout/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
