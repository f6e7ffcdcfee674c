import { describe, expect, it } from 'vitest';
import { looksLike } from './image-pinning.ts';

const svg = (text: string) => looksLike('image/svg+xml', Buffer.from(text));

describe('the SVG check', () => {
  it('takes an svg element after an XML declaration, comments and a doctype, and nothing else', () => {
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg"></svg>')).toBe(true);
    expect(svg(' <?xml version="1.0"?>\n<!-- a -- comment --> <!---->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<SVG>')).toBe(true);
    expect(svg('<!-- never closed <svg>')).toBe(false);
    expect(svg('<html><svg></svg></html>')).toBe(false);
    expect(svg('<svgx>')).toBe(false);
  });

  it('answers at once on a long run of empty comments (no backtracking on what an uploader sends)', () => {
    const started = performance.now();
    expect(svg('<!---->'.repeat(10_000))).toBe(false);
    expect(svg(`${'<!---->'.repeat(10_000)}x`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('the PDF check', () => {
  it('takes a file that starts as a PDF does, not text sent under its type', () => {
    expect(looksLike('application/pdf', Buffer.from('%PDF-1.4\n%%EOF'))).toBe(true);
    expect(looksLike('application/pdf', Buffer.from('hello\n'))).toBe(false);
  });
});
