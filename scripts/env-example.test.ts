/**
 * .env.example names every variable the product reads, and nothing else: each app's env schema,
 * and the few that npm start and the web server read before any schema (ports, host).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { API_ENV_VARIABLES } from '../apps/api/src/env';

vi.mock('server-only', () => ({}));

/** Read by scripts/start-env.mjs and apps/web/server.mjs, outside the two schemas. */
const START_VARIABLES = ['WEB_PORT', 'WEB_HOST'];

const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
/** `NAME=value` and commented-out `# NAME=value` lines alike. */
const documented = new Set(
  [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? ''),
);

describe('.env.example', () => {
  it('names every variable of the api, the web app and npm start', async () => {
    const { WEB_ENV_VARIABLES } = await import('../apps/web/src/env.server');
    const read = new Set([...API_ENV_VARIABLES, ...WEB_ENV_VARIABLES, ...START_VARIABLES]);
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });

  it('explains each variable in a comment above it', () => {
    const lines = example.split('\n');
    const bare = lines.flatMap((line, i) =>
      /^#? ?[A-Z][A-Z0-9_]+=/.test(line) && !/^#/.test(lines[i - 1] ?? '') ? [line] : [],
    );
    expect(bare).toEqual([]);
  });
});
