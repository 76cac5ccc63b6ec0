import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const pinned = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> })
  .devDependencies.node;

describe('the pinned Node LTS', () => {
  it('pins one version everywhere: the node package, .nvmrc and .node-version', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(read('.nvmrc').trim()).toBe(pinned);
    expect(read('.node-version').trim()).toBe(pinned);
  });

  it('runs the tests, and every `node …` a script starts, on it (not the system Node)', () => {
    console.log(`tests run on node ${process.version}`);
    expect(process.versions.node).toBe(pinned);
    // What an npm script's, or Playwright's webServer's, `node scripts/start.mjs` resolves to.
    const onPath = execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(onPath.trim()).toBe(pinned);
  });
});
