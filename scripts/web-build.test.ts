import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const started: number[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the web build of npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the build it started, and the build’s own children, on %s',
    async (signal) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
      dirs.push(dir);
      const pidFile = path.join(dir, 'build.pid');
      // A build as npm runs one: a process whose child (next build) does the work.
      const build = `const { spawn } = require('node:child_process');
        const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
        require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, [process.pid, worker.pid].join(' '));
        setInterval(() => {}, 1000);`;
      const start = path.join(dir, 'start.mjs');
      const webBuild = pathToFileURL(path.resolve('scripts/web-build.mjs')).href;
      writeFileSync(
        start,
        `import { runBuild } from ${JSON.stringify(webBuild)};
        process.exit(await runBuild(process.execPath, ['-e', ${JSON.stringify(build)}]));`,
      );
      const starter = spawn(process.execPath, [start], { stdio: 'ignore' });
      started.push(starter.pid!);
      await expect.poll(() => existsSync(pidFile), { timeout: 10_000 }).toBe(true);
      const pids = readFileSync(pidFile, 'utf8').split(' ').map(Number);
      started.push(...pids);
      const exited = new Promise((resolve) => starter.once('exit', resolve));
      starter.kill(signal);
      await exited;
      await expect.poll(() => pids.filter(alive), { timeout: 5_000 }).toEqual([]);
    },
  );
});
