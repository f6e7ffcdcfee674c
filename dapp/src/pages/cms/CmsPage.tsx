import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '@gavel/domain';
import { DEFAULT_PAGES } from '@gavel/domain/default-pages';
import { ApiRequestError } from '../../api/http.ts';
import { useCmsPage } from '../../api/cms.ts';
import { RichText } from '../../content/RichText.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { AlertIcon } from '../../components/icons/icons.tsx';
import { formatDate } from '../../dates/format-date.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import './cms-page.css';

interface PageCopy {
  title: string;
  updatedAt: string;
  content: string;
}

/** /about, /privacy-policy, /terms-conditions, /conditions-of-business: the api's CMS page by slug, what an admin last saved or published. */
export function CmsPage({ slug, title }: { slug: string; title: string }) {
  const page = useCmsPage(slug, true);
  // Unreachable: no answer at all, or the api (or the proxy before it) failing; a 404 is the CMS's own answer.
  const unreachable = page.isError && (!(page.error instanceof ApiRequestError) || page.error.status >= 500);
  // The dapp's copy of each page is shown only while the api cannot be reached: a site is never without its terms.
  const shown: PageCopy | undefined = page.data ?? (unreachable ? DEFAULT_PAGES[slug] : undefined);
  useDocumentTitle(shown?.title ?? title);

  if (shown) return <CmsArticle slug={slug} title={shown.title} updatedAt={shown.updatedAt} html={shown.content} />;
  if (page.isPending) {
    return (
      <div className="page cms-page" data-testid="cms-loading" aria-busy="true">
        <span className="skeleton skeleton--title" style={{ width: '40%', height: 36 }} />
        {[90, 95, 70, 85, 60].map((width) => (
          <span key={width} className="skeleton skeleton--line cms-page__skeleton-line" style={{ width: `${width}%` }} />
        ))}
      </div>
    );
  }
  const missing = page.error instanceof ApiRequestError && page.error.status === 404;
  return (
    <div className="page">
      <EmptyState
        tone={missing ? 'neutral' : 'error'}
        testId="cms-error"
        icon={<AlertIcon width={26} height={26} />}
        title={missing ? messages.cms.pageNotFound : `Failed to load ${title}. Please try again.`}
        action={
          missing ? (
            <Link to="/" className="btn btn--primary">
              Back to home
            </Link>
          ) : (
            <button type="button" className="btn btn--primary" onClick={() => void page.refetch()}>
              Try again
            </button>
          )
        }
      />
    </div>
  );
}

/**
 * "7. Sellers" -> "sellers": the id a section link (/terms-conditions#sellers, the profile's Conditions of
 * Business) finds a heading by. The content's own ids do not survive the sanitizers, so headings get these.
 */
function sectionId(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function CmsArticle({ slug, title, updatedAt, html }: { slug: string; title: string; updatedAt: string; html: string }) {
  const { hash } = useLocation();
  const content = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new html is new headings to name (read from the DOM, not from html)
  useEffect(() => {
    for (const heading of content.current?.querySelectorAll('h2, h3') ?? []) heading.id ||= sectionId(heading.textContent ?? '');
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, html]);
  return (
    <article className="page cms-page" data-testid="cms-page" data-slug={slug}>
      <header className="cms-page__header">
        <h1 className="page-title" data-testid="cms-title">
          {title}
        </h1>
        <p className="cms-page__updated" data-testid="cms-updated">
          Last updated <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
        </p>
      </header>
      <div data-testid="cms-content" ref={content}>
        <RichText html={html} />
      </div>
    </article>
  );
}
