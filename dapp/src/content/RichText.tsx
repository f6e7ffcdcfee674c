import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeHtml } from './sanitize-html.ts';

/**
 * Api-provided HTML, sanitized, in the shared prose style. Links inside it to our own pages ("/support") go
 * through the router, so following one does not reload the whole app.
 */
export function RichText({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const navigate = useNavigate();

  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = (event.target as Element).closest('a')?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    <div className={`prose ${className}`} data-testid={testId} onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
