import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pinned = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.node;
/** The machine's own Node (20 here), the one `node scripts/start.mjs` meets outside npm. */
const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
  (file) => spawnSync(file, ['--version']).status === 0,
);

/** A script that, like start.mjs, imports the guard first and then says where it runs. */
function script(body: string, guard = path.join(root, 'scripts/pinned-node.mjs')): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pinned-node-'));
  const file = path.join(dir, 'script.mjs');
  writeFileSync(file, `import ${JSON.stringify(guard)};\n${body}\n`);
  return file;
}

/** The guard in a checkout whose `npm ci` has not run: a package.json, no node_modules. */
function guardWithoutInstall(): string {
  const checkout = mkdtempSync(path.join(tmpdir(), 'no-install-'));
  mkdirSync(path.join(checkout, 'scripts'));
  copyFileSync(path.join(root, 'package.json'), path.join(checkout, 'package.json'));
  const guard = path.join(checkout, 'scripts/pinned-node.mjs');
  copyFileSync(path.join(root, 'scripts/pinned-node.mjs'), guard);
  return guard;
}

describe.runIf(machineNode)('scripts started with another Node than the pinned one', () => {
  it('run again on the pinned Node, with their arguments, and end with its exit code', () => {
    const file = script(
      'console.log(JSON.stringify([process.versions.node, process.argv.slice(2)])); process.exit(3);',
    );
    const run = spawnSync(machineNode!, [file, '--flag', 'value'], { encoding: 'utf8' });
    expect(
      spawnSync(machineNode!, ['-p', 'process.versions.node']).stdout.toString().trim(),
    ).not.toBe(pinned);
    expect(JSON.parse(run.stdout)).toEqual([pinned, ['--flag', 'value']]);
    expect(run.status).toBe(3);
  });

  it('say so in one line and stop when the pinned Node is not installed', () => {
    const file = script('console.log("ran anyway");', guardWithoutInstall());
    const run = spawnSync(machineNode!, [file], { encoding: 'utf8' });
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`needs Node ${pinned}`);
    expect(run.stderr).toContain('npm ci');
    expect(run.status).toBe(1);
  });
});
