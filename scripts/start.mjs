#!/usr/bin/env node
// One command for the whole product: builds the web app when its sources changed since the last
// build, then runs the api (:4000) and the web app (:3000) together. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runMode, RunModeError } from './run-mode.mjs';
import { startEnvironments } from './start-env.mjs';
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

const { webPort, apiUrl, api: apiEnv, web: webEnv } = startEnvironments(process.env, mode);
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: apiEnv,
  }),
];

/**
 * Whether the api answers its readiness check (database included) within two minutes. The web
 * app starts after it: a shopper who opens the checkout while the api still migrates would get
 * the error screen, since every checkout page asks the api for its prices.
 */
async function apiReady(api) {
  const deadline = Date.now() + 120_000;
  while (api.exitCode === null && Date.now() < deadline) {
    try {
      if ((await fetch(new URL('/api/health/', apiUrl))).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

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

children[0].once('exit', (code) => stopAll(code ?? 1));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
if (!(await apiReady(children[0]))) {
  console.error(`[start] the api did not answer ${apiUrl}/api/health/ within two minutes`);
  stopAll(1);
} else {
  // Next behind our own HTTP server (apps/web/server.mjs), which sets the client's address.
  const web = spawn(process.execPath, [path.join(webDir, 'server.mjs')], {
    cwd: webDir,
    stdio: 'inherit',
    env: webEnv,
  });
  children.push(web);
  web.once('exit', (code) => stopAll(code ?? 1));
  console.log(`[start] checkout on http://localhost:${webPort} (api at ${apiUrl})`);
}
