import { useCmsPage } from '../../api/cms.ts';
import { RichText } from '../../content/RichText.tsx';
import { formatDate } from '../../dates/format-date.ts';

/** The terms in force as the CMS holds them, the text a user accepts, in a box that scrolls on its own. */
export function TermsText() {
  const terms = useCmsPage('terms-conditions', true);
  if (terms.isPending) return <div className="skeleton terms-text__placeholder" aria-busy="true" />;
  if (terms.isError) return null;
  return (
    <section className="terms-text" aria-label={terms.data.title} data-testid="terms-text">
      <p className="terms-text__date">
        {terms.data.title}, in force since <time dateTime={terms.data.updatedAt}>{formatDate(terms.data.updatedAt)}</time>
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard */}
      <div className="terms-text__body" tabIndex={0}>
        <RichText html={terms.data.content} testId="terms-text-content" />
      </div>
    </section>
  );
}

/** "current as of 23 November 2026": the date of the terms in force, once the CMS answered. */
export function useTermsDate(): string | null {
  const terms = useCmsPage('terms-conditions', true);
  return terms.data ? formatDate(terms.data.updatedAt) : null;
}
