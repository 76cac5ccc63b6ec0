/**
 * Each page ships only the client messages listed for it (PAGE_NAMESPACES) on top of the shell's
 * (SHELL_NAMESPACES). A client component that reads a namespace its page does not ship would show
 * message keys instead of text, so this walks every page's imports and checks what they read.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMESPACES, SHELL_NAMESPACES } from './messages';

const src = path.resolve(import.meta.dirname, '..');
const localeDir = path.join(src, 'app/[locale]');

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The namespaces read with useTranslations (or useMessages) by a file and all it imports. */
function namespacesReadFrom(entry: string, seen = new Set<string>()): Set<string> {
  const read = new Set<string>();
  if (seen.has(entry)) return read;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const [, ns] of text.matchAll(/useTranslations\('(\w+)/g)) read.add(ns ?? '');
  if (text.includes('useMessages()')) {
    for (const [, ns] of text.matchAll(/messages\.(\w+)/g)) read.add(ns ?? '');
  }
  for (const match of text.matchAll(/from\s+'([^']+)'|import\('([^']+)'\)/g)) {
    const target = resolveImport(entry, match[1] ?? match[2] ?? '');
    if (target) for (const ns of namespacesReadFrom(target, seen)) read.add(ns);
  }
  return read;
}

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name === 'page.tsx' ? [full] : [];
  });
}

const shell = new Set<string>(SHELL_NAMESPACES);
const missing = (read: Set<string>, shipped: Set<string>) =>
  [...read].filter((ns) => !shipped.has(ns)).sort();

describe('client messages per page', () => {
  it('ships the shell what the layout and the error boundary read', () => {
    const read = new Set([
      ...namespacesReadFrom(path.join(src, 'components/shell/document.tsx')),
      ...namespacesReadFrom(path.join(localeDir, 'error.tsx')),
    ]);
    expect(missing(read, shell)).toEqual([]);
  });

  for (const file of pageFiles(localeDir)) {
    const route = path.relative(localeDir, path.dirname(file)) || '/';
    it(`ships ${route} every namespace its components read`, () => {
      const text = readFileSync(file, 'utf8');
      const declared = /<PageMessages page="([^"]+)"/.exec(text)?.[1];
      const own = declared ? PAGE_NAMESPACES[declared as keyof typeof PAGE_NAMESPACES] : [];
      expect(own, `PageMessages page="${declared}" is not in PAGE_NAMESPACES`).toBeDefined();
      expect(missing(namespacesReadFrom(file), new Set([...shell, ...own]))).toEqual([]);
    });
  }

  it('notices a page component that reads a namespace its page does not ship', () => {
    // The status pages' order poller reads 'processing', which the shell alone does not ship.
    const poller = path.join(src, 'components/payments/order-status.tsx');
    expect(missing(namespacesReadFrom(poller), shell)).toEqual(['processing']);
  });
});
