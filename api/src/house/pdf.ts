/**
 * A one-page PDF of text lines, written by hand (PDF 1.4, the standard Helvetica fonts, no embedded font), so an
 * invoice or a statement needs no dependency: a catalog, one page, its content stream of text operators, two font
 * dictionaries and the cross-reference table with each object's byte offset.
 */

export interface PdfLine {
  text: string;
  /** Font size in points (default 11). */
  size?: number;
  bold?: boolean;
  /** Extra points of space above the line (a gap between sections). */
  gapBefore?: number;
  /** A second column on the same line, right-aligned at the page's right margin (an amount). */
  right?: string;
}

const PAGE_WIDTH = 595; // A4, in points
const PAGE_HEIGHT = 842;
const MARGIN = 56;

/** Helvetica's widths of the printable ASCII characters (1/1000 of the size), to right-align amounts. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611,
  778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    units += code >= 32 && code <= 126 ? HELVETICA_WIDTHS[code - 32]! : 556;
  }
  return (units * size) / 1000;
}

/** A PDF string literal: WinAnsi text, with the characters PDF treats specially escaped and anything else replaced. */
function literal(text: string): string {
  const plain = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
  return `(${plain.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** The page's content stream: each line at its baseline, top down. */
function contentOf(lines: readonly PdfLine[]): string {
  const ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= (line.gapBefore ?? 0) + size * 1.4;
    const font = line.bold ? '/F2' : '/F1';
    ops.push(`BT ${font} ${size} Tf ${MARGIN} ${y.toFixed(2)} Td ${literal(line.text)} Tj ET`);
    if (line.right !== undefined) {
      const x = PAGE_WIDTH - MARGIN - textWidth(line.right, size);
      ops.push(`BT ${font} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${literal(line.right)} Tj ET`);
    }
  }
  return ops.join('\n');
}

/** The whole file: `title` in its document information, `lines` on one A4 page. */
export function onePagePdf(title: string, lines: readonly PdfLine[]): Buffer {
  const content = contentOf(lines);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${literal(title)} /Producer (Gavel) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
