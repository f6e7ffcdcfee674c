/**
 * Lot descriptions are authored as HTML in the admin area; cards show them as one line of plain text. A parsed
 * document (not a regex) gets entities and nesting right, and DOMParser never runs scripts or loads images.
 */
export function stripHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const node of doc.body.querySelectorAll('script, style, template, noscript')) node.remove();
  // Block boundaries would otherwise glue words together ("<p>One</p><p>Two</p>" -> "OneTwo").
  for (const node of doc.body.querySelectorAll('br, p, div, li, h1, h2, h3, h4, h5, h6, tr')) node.append(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
