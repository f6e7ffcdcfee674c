import { describe, expect, it } from 'vitest';
import { stripHtml } from './strip-html.ts';

describe('stripHtml', () => {
  it('keeps the text of inline formatting', () => {
    expect(stripHtml('An <strong>uncommon sat</strong> mined in <em>block 9</em>.')).toBe('An uncommon sat mined in block 9.');
  });

  it('separates words across block elements and line breaks', () => {
    expect(stripHtml('<p>Signed</p><p>by the artist.</p>')).toBe('Signed by the artist.');
    expect(stripHtml('Inscribed as SVG.<br/>Single edition.')).toBe('Inscribed as SVG. Single edition.');
  });

  it('decodes entities instead of showing them', () => {
    expect(stripHtml('Fish &amp; chips &lt;3')).toBe('Fish & chips <3');
  });

  it('drops scripts and styles entirely', () => {
    expect(stripHtml('Safe<script>alert(1)</script><style>p{}</style> text')).toBe('Safe text');
  });

  it('leaves plain text alone and handles empty input', () => {
    expect(stripHtml('  Plain   words  ')).toBe('Plain words');
    expect(stripHtml('')).toBe('');
  });
});
