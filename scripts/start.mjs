#!/usr/bin/env node
// One command for the whole product: builds the api and the web app when their sources changed
// since their last build, then runs the api (:4000) and the web app (:3000) together, both as
// JavaScript built ahead of time (docs/decisions/010-compiled-api.md). Ctrl-C stops both.
import './pinned-node.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { stopsTogether } from './children.mjs';
import { runMode, RunModeError } from './run-mode.mjs';
import { StartError, startEnvironments } from './start-env.mjs';
import { apiEntry, buildApiIfNeeded } from './api-build.mjs';
import { buildWebIfNeeded, root, webDir } from './web-build.mjs';

let mode;
let environments;
try {
  mode = runMode(process.env);
  environments = startEnvironments(process.env, mode);
} catch (error) {
  if (!(error instanceof RunModeError || error instanceof StartError)) throw error;
  console.error(`[start] ${error.message}`);
  process.exit(1);
}
console.log(mode.banner);
console.log(`[start] node ${process.version}`);

await buildApiIfNeeded('start');
await buildWebIfNeeded('start');

const { webPort, apiUrl, apiProbe, api: apiEnv, web: webEnv } = environments;
// Locally, the operators' console has a demo admin, enrolled once through this link (the api
// ignores the token once it is). Production refuses the variable.
if (!mode.production) {
  apiEnv.CONSOLE_DEMO_ADMIN_TOKEN ||= randomBytes(24).toString('base64url');
  const enrol = `${apiEnv.PUBLIC_ORIGIN}/console/en/enrol/#${apiEnv.CONSOLE_DEMO_ADMIN_TOKEN}`;
  console.log(`[start] console: ${apiEnv.PUBLIC_ORIGIN}/console/ as admin@console.localhost`);
  console.log(`[start] first run: enrol the demo admin at ${enrol}`);
}
const children = [
  spawn(process.execPath, ['--enable-source-maps', apiEntry], {
    cwd: root,
    stdio: 'inherit',
    env: apiEnv,
  }),
];

/**
 * Whether `child` answers `url` within two minutes. The web app starts once the api answers its
 * readiness check (database included): a shopper who opens the checkout while the api still
 * migrates would get the error screen, since every checkout page asks the api for its prices.
 */
async function answers(child, url) {
  const deadline = Date.now() + 120_000;
  while (child.exitCode === null && Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const stopAll = stopsTogether(children);

// A child that stops on its own is a failure, whatever code it gave (never exit 0 then).
children[0].once('exit', (code) => stopAll(code || 1));
if (!(await answers(children[0], `${apiProbe}/api/health/`))) {
  if (children[0].exitCode === null) {
    console.error(`[start] the api did not answer ${apiProbe}/api/health/ within two minutes`);
  }
  stopAll(1);
} else {
  // Next behind our own HTTP server (apps/web/server.mjs), which sets the client's address.
  const web = spawn(process.execPath, [path.join(webDir, 'server.mjs')], {
    cwd: webDir,
    stdio: 'inherit',
    env: webEnv,
  });
  children.push(web);
  web.once('exit', (code) => stopAll(code || 1));
  // Said once the web app answers, not when it was merely started.
  if (await answers(web, `http://127.0.0.1:${webPort}/api/health/live/`)) {
    console.log(`[start] checkout on http://localhost:${webPort} (api at ${apiUrl})`);
  }
}
