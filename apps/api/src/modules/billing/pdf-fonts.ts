/**
 * Which font file draws each character of a PDF. PDFs embed their fonts, so the api ships them
 * from npm (@fontsource): Noto Sans for Latin, Cyrillic, Greek, Vietnamese and Hebrew, IBM Plex
 * Sans Arabic for Arabic.
 * Chinese, Japanese and Korean are not shipped (Noto's CJK packages weigh about 270 MB); text
 * in a script no font covers is reported so the caller can print that document in English.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import type { Font, Glyph } from 'fontkit';
import { sfntOfWoff } from './woff';

export interface FontFile {
  /** The name pdfkit registers it under. */
  name: string;
  path: string;
}

interface Subset extends FontFile {
  ranges: (readonly [number, number])[];
}

/** The families, most preferred first, and which of their subsets the invoices need. */
const FAMILIES: readonly { pkg: string; file: string; subsets: readonly string[] }[] = [
  {
    pkg: '@fontsource/noto-sans',
    file: 'noto-sans',
    subsets: ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese'],
  },
  // Not Noto Sans Arabic: it draws some letters as one shared shape plus dots drawn apart, and
  // a PDF's text layer maps a shape to one letter, so ق read as ف and ي as ت (issue 27.10).
  // IBM Plex Sans Arabic draws each letter form as a glyph of its own.
  {
    pkg: '@fontsource/ibm-plex-sans-arabic',
    file: 'ibm-plex-sans-arabic',
    subsets: ['arabic'],
  },
  { pkg: '@fontsource/noto-sans-hebrew', file: 'noto-sans-hebrew', subsets: ['hebrew'] },
];

const require = createRequire(import.meta.url);

/** The right-to-left families: their glyphs are drawn, and read back, in reverse order. */
const RIGHT_TO_LEFT_FAMILIES = new Set(['ibm-plex-sans-arabic', 'noto-sans-hebrew']);

/** Whether a registered font (named `${file}-${subset}`) draws a right-to-left script. */
export function isRightToLeftFont(name: string): boolean {
  return [...RIGHT_TO_LEFT_FAMILIES].some((family) => name.startsWith(`${family}-`));
}

/** "U+0000-00FF,U+0131" → [[0, 255], [305, 305]] */
function parseRanges(spec: string): (readonly [number, number])[] {
  return spec.split(',').map((part) => {
    const [from, to] = part.trim().replace('U+', '').split('-');
    const start = Number.parseInt(from ?? '', 16);
    return [start, to ? Number.parseInt(to, 16) : start] as const;
  });
}

let subsets: Subset[] | undefined;

function loadSubsets(): Subset[] {
  subsets ??= FAMILIES.flatMap(({ pkg, file, subsets: names }) => {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    const unicode = JSON.parse(readFileSync(join(root, 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    return names.map((subset) => ({
      name: `${file}-${subset}`,
      path: join(root, 'files', `${file}-${subset}-400-normal.woff`),
      ranges: parseRanges(unicode[subset] ?? ''),
    }));
  });
  return subsets;
}

function covers(subset: Subset, codePoint: number): boolean {
  return subset.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

export interface Run {
  text: string;
  font: FontFile;
  /** Right-to-left script (Arabic, Hebrew): the run's place in the line is mirrored. */
  rtl: boolean;
}

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/**
 * Cuts a line into runs of one font each; a character stays in the current run while its font
 * covers it. Undefined when some character has no font at all.
 */
export function fontRuns(line: string): Run[] | undefined {
  const all = loadSubsets();
  const runs: Run[] = [];
  let current: { text: string; subset: Subset } | undefined;
  for (const char of line) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (current && covers(current.subset, codePoint)) {
      current.text += char;
      continue;
    }
    const subset = all.find((s) => covers(s, codePoint));
    if (!subset) return undefined;
    if (current) runs.push(toRun(current));
    current = { text: char, subset };
  }
  if (current) runs.push(toRun(current));
  return runs;
}

function toRun({ text, subset }: { text: string; subset: Subset }): Run {
  return { text, font: { name: subset.name, path: subset.path }, rtl: RTL.test(text) };
}

const bidi = bidiFactory();
/** Direction marks: the bidi algorithm below has used them, no font draws them. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A line's runs in the order they are drawn from the left (Unicode bidi algorithm, brackets
 * mirrored; `rtl` is the page's direction). The font engine shapes each Arabic or Hebrew run and reverses it itself, so those
 * runs are handed over in reading order.
 */
export function visualRuns(line: string, rtl: boolean): Run[] | undefined {
  const text = line.replace(BIDI_CONTROLS, '');
  // A value with no right-to-left letter (an amount, a company name) reads left to right, as
  // written: the bidi algorithm would leave it as it is (most lines of most invoices).
  if (!RTL.test(text)) return fontRuns(text);
  const base = rtl ? 'rtl' : 'ltr';
  const visual = bidi.getReorderedString(text, bidi.getEmbeddingLevels(text, base));
  return fontRuns(visual)?.map((run) =>
    run.rtl ? { ...run, text: [...run.text].reverse().join('') } : run,
  );
}

type GlyphKind = new (id: number, codePoints: number[], font: Font) => Glyph;

/**
 * Gives each glyph the code points it is asked for. fontkit keeps one glyph object per glyph id
 * for the font's life, with the code points of its first caller, and reads them back: its Arabic
 * shaper picks a letter's form by them, and pdfkit's text layer maps the glyph to them. A
 * document's subset asks for its glyphs, and for the parts of composite ones, with none (fontkit
 * issue 154), so a letter that one document embedded only as a part came back in the next
 * without its code point: Arabic ه and ح shaped apart and read as nothing or other characters,
 * Turkish ı (part of Spanish í) read as nothing, and a PDF's bytes depended on what the process
 * had printed before. Here a glyph is kept per id and code points, made by fontkit's own class.
 */
function glyphPerCodePoints(font: Font): void {
  // The class of this font's glyphs (TrueType or CFF outlines).
  const FontGlyph = font.getGlyph(0).constructor as GlyphKind;
  const glyphs = new Map<string, Glyph>();
  font.getGlyph = (id, codePoints = []) => {
    const key = `${id}:${codePoints.join(',')}`;
    let glyph = glyphs.get(key);
    if (!glyph) glyphs.set(key, (glyph = new FontGlyph(id, [...codePoints], font)));
    return glyph;
  };
}

export interface ParsedFont {
  name: string;
  font: Font;
}

let parsed: ParsedFont[] | undefined;

/**
 * Every font as pdfkit registers it: its name and the font parsed once per process. pdfkit
 * takes a parsed font as readily as its bytes; parsing the files again for each invoice was
 * about half of the 18 ms of api CPU an invoice took (issue 19, bench/invoice-pdf.ts).
 */
export function allFonts(): ParsedFont[] {
  parsed ??= loadSubsets().map(({ name, path }) => {
    const font = fontkit.create(sfntOfWoff(readFileSync(path)));
    if (!('layout' in font)) throw new Error(`${path} is a font collection, not one font`);
    glyphPerCodePoints(font);
    return { name, font };
  });
  return parsed;
}
