// Imported first by the start scripts: run on the Node that package.json pins (the `node`
// package npm ci installs), whichever `node` started us. A script run as `node scripts/start.mjs`
// on the machine's own Node starts again on the pinned one; without it, one line says why.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const pinned = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).devDependencies.node;

if (process.versions.node !== pinned) {
  const local = fileURLToPath(new URL('node_modules/.bin/node', root));
  if (!existsSync(local)) {
    console.error(
      `[start] this needs Node ${pinned} (installed by npm ci), not ${process.version}: run npm ci, then npm start`,
    );
    process.exit(1);
  }
  const child = spawn(local, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  // Ctrl-C reaches the child from the terminal too; a signal sent to us alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // Nothing after this import runs here: the script runs in the child.
  await new Promise(() => {});
}
