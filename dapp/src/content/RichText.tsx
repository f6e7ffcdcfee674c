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
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks come from the links inside, which keyboards activate
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks come from the links inside, which keyboards activate
    <div
      className={`prose ${className}`}
      data-testid={testId}
      onClick={followInternalLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitizeHtml above leaves only the allow-listed tags and attributes
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
