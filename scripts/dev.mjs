#!/usr/bin/env node
// `npm run dev`: the development loop. The api restarts when its sources change (tsx watch) and
// the web app reloads in place (next dev), both on the same ports, database and environment as
// `npm start`, without a production build. Local mode only: it refuses a production DEPLOY_ENV.
import './pinned-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { stopsTogether } from './children.mjs';
import { runMode, RunModeError } from './run-mode.mjs';
import { StartError, startEnvironments } from './start-env.mjs';
import { root, webDir } from './web-build.mjs';

let environments;
try {
  const mode = runMode(process.env);
  if (mode.production) throw new StartError('npm run dev is for local work: unset DEPLOY_ENV');
  environments = startEnvironments(process.env, mode);
} catch (error) {
  if (!(error instanceof RunModeError || error instanceof StartError)) throw error;
  console.error(`[dev] ${error.message}`);
  process.exit(1);
}
const { webPort, apiUrl, api, web } = environments;
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: api,
  }),
  // next dev runs Next's own server: the client-address and body-limit steps of server.mjs are
  // production's; the proxy and every page are the same code.
  spawn(bin('next'), ['dev', '--port', webPort], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...web, NODE_ENV: 'development' },
  }),
];
console.log(
  `[dev] checkout on http://localhost:${webPort} (api at ${apiUrl}), reloading on change`,
);

const stopAll = stopsTogether(children);
for (const child of children) child.once('exit', (code) => stopAll(code || 1));
