/**
 * Rich text written by admins (CMS pages, policies, lot descriptions) is cleaned on the server before it is
 * stored, and again as it is served (rows stored before a rule existed), with an allow-list: formatting, lists,
 * tables, links and images only. Everything else is dropped: script, style,
 * iframe, svg, forms, event handler attributes, style attributes, and any URL that is not http(s), mailto or
 * relative (so no javascript:, data: or vbscript:). A link without a usable URL keeps its text but loses the
 * link (the editor's "links need a non-empty URL" rule, enforced here too). What is stored is what pages serve.
 */
import sanitizeHtml from 'sanitize-html';
import { linkUrlError } from '@gavel/domain';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'div',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with their contents, never escaped into visible text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links opening a new tab must not hand the page over to the target (reverse tabnabbing).
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && linkUrlError(frame.attribs.href) !== null) return 'excludeTag';
    if (frame.tag === 'img' && !frame.attribs.src) return true;
    return false;
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
