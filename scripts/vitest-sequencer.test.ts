import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, startFirst, withFirst } from './vitest-sequencer.mjs';

const spec = (file: string) => ({ moduleId: path.join(root, file) });
const names = (files: { moduleId: string }[]) => files.map((f) => path.relative(root, f.moduleId));

describe('the order Vitest starts the test files in (scripts/vitest-sequencer.mjs)', () => {
  it('names test files that exist: a moved or renamed one would quietly start last again', () => {
    expect(startFirst.length).toBeGreaterThan(0);
    for (const file of startFirst) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it("starts the named files first, in the list's order, and keeps the others' order", () => {
    const files = ['a.test.ts', 'slow-2.test.ts', 'b.test.ts', 'slow-1.test.ts', 'c.test.ts'];
    expect(names(withFirst(files.map(spec), ['slow-1.test.ts', 'slow-2.test.ts']))).toEqual([
      'slow-1.test.ts',
      'slow-2.test.ts',
      'a.test.ts',
      'b.test.ts',
      'c.test.ts',
    ]);
  });
});
