import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html.ts';

/** Api-provided HTML, sanitized, in the shared prose style. */
export function RichText({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={`prose ${className}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
