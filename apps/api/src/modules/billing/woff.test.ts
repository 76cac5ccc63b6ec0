import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { sfntOfWoff } from './woff';

const require = createRequire(import.meta.url);
const woffOf = (pkg: string, file: string) =>
  join(dirname(require.resolve(`${pkg}/package.json`)), 'files', file);

describe('a WOFF font unwrapped once for every PDF', () => {
  it.each([
    ['@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff', 'Invoice AEGIS_VPN-2026 €12.99'],
    [
      '@fontsource/ibm-plex-sans-arabic',
      'ibm-plex-sans-arabic-arabic-400-normal.woff',
      'فاتورة رقم',
    ],
  ])('%s draws text exactly as its WOFF does', (pkg, file, text) => {
    const path = woffOf(pkg, file);
    const sfnt = sfntOfWoff(readFileSync(path));
    expect(sfnt.readUInt32BE(0)).not.toBe(0x774f4646);
    const pdf = new PDFDocument();
    pdf.registerFont('woff', path);
    pdf.registerFont('sfnt', sfnt);
    const width = (font: string) => pdf.font(font).fontSize(12).widthOfString(text);
    expect(width('sfnt')).toBeGreaterThan(0);
    expect(width('sfnt')).toBe(width('woff'));
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => sfntOfWoff(Buffer.from('%PDF-1.7 not a font at all…'))).toThrow(/WOFF/);
  });
});
