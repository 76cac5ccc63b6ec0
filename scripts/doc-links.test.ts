/** Every relative link in the README and docs/ leads to a file that exists, and to its heading. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

describe('links in the README and docs/', () => {
  it.each(files.map((file) => [path.relative(root, file), file]))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [pathPart = '', anchor] = target.split('#');
      const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : file;
      if (!existsSync(resolved)) {
        broken.push(`${target}: no such file`);
      } else if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        if (!anchorsIn(resolved).has(anchor)) broken.push(`${target}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });
});
