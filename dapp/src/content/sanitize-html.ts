/**
 * Rich text from the api (CMS pages, lot descriptions) is authored by admins, but it is still rendered as HTML
 * in every visitor's browser, so it passes through an allow-list first: harmless formatting elements and
 * attributes stay, scripts, frames, forms, event handlers and javascript: links go.
 */
const ALLOWED_TAGS = new Set([
  'A',
  'ABBR',
  'B',
  'BLOCKQUOTE',
  'BR',
  'CODE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'EM',
  'FIGCAPTION',
  'FIGURE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HR',
  'I',
  'IMG',
  'LI',
  'OL',
  'P',
  'PRE',
  'S',
  'SECTION',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TABLE',
  'TBODY',
  'TD',
  'TH',
  'THEAD',
  'TIME',
  'TR',
  'U',
  'UL',
]);
/** Whole subtrees that must not survive even as text. */
const DROPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'FORM', 'SVG', 'MATH']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'datetime', 'colspan', 'rowspan']);
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#|ipfs:)/i;

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}

function clean(parent: Element): void {
  for (const child of Array.from(parent.children)) {
    if (DROPPED_TAGS.has(child.tagName.toUpperCase())) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(child.tagName.toUpperCase())) {
      // Unknown wrappers (<font>, <center>, custom elements) go, their text stays.
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    for (const attribute of Array.from(child.attributes)) {
      const name = attribute.name.toLowerCase();
      const unsafeUrl = (name === 'href' || name === 'src') && !SAFE_URL.test(attribute.value.trim());
      if (!ALLOWED_ATTRIBUTES.has(name) || unsafeUrl) child.removeAttribute(attribute.name);
    }
    if (child.tagName === 'A' && child.getAttribute('href')?.match(/^https?:/i)) {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}
