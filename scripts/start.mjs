#!/usr/bin/env node
// One command for the whole product: builds the web app when its sources changed since the last
// build, then runs the api (:4000) and the web app (:3000) together. Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMode, RunModeError } from './run-mode.mjs';

let mode;
try {
  mode = runMode(process.env);
} catch (error) {
  if (!(error instanceof RunModeError)) throw error;
  console.error(`[start] ${error.message}`);
  process.exit(1);
}
console.log(mode.banner);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
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

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

function needsBuild() {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

if (needsBuild()) {
  console.log('[start] building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@checkout/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const webPort = process.env.WEB_PORT ?? '3000';
// Login returns to the checkout's public address: the web app's, unless configured.
const publicOrigin =
  process.env.PUBLIC_ORIGIN ?? process.env.SITE_ORIGIN ?? `http://localhost:${webPort}`;
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: mode.apiNodeEnv, PUBLIC_ORIGIN: publicOrigin },
  }),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', webPort],
    {
      cwd: webDir,
      stdio: 'inherit',
      // next start is always NODE_ENV=production; DEPLOY_ENV tells the web app its run mode.
      env: { ...process.env, NODE_ENV: 'production', DEPLOY_ENV: mode.deployEnv },
    },
  ),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}

for (const child of children) child.once('exit', (code) => stopAll(code ?? 1));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
console.log(
  `[start] checkout on http://localhost:${webPort} (api on :${process.env.API_PORT ?? '4000'})`,
);
