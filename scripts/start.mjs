#!/usr/bin/env node
// One command for the whole product: builds the web app when its sources changed since the last
// build, then runs the api (:4000) and the web app (:3000) together. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runMode, RunModeError } from './run-mode.mjs';
import { buildWebIfNeeded, root, webDir } from './web-build.mjs';

let mode;
try {
  mode = runMode(process.env);
} catch (error) {
  if (!(error instanceof RunModeError)) throw error;
  console.error(`[start] ${error.message}`);
  process.exit(1);
}
console.log(mode.banner);
console.log(`[start] node ${process.version}`);

buildWebIfNeeded('start');

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
  // Next behind our own HTTP server (apps/web/server.mjs), which sets the client's address.
  // Next always runs as NODE_ENV=production; DEPLOY_ENV tells the web app its run mode.
  spawn(process.execPath, [path.join(webDir, 'server.mjs')], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', DEPLOY_ENV: mode.deployEnv, WEB_PORT: webPort },
  }),
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
