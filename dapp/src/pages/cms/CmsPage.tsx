import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { useCmsPage } from '../../api/cms.ts';
import { RichText } from '../../content/RichText.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { AlertIcon } from '../../components/icons/icons.tsx';
import { formatDate } from '../../dates/format-date.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { BUILTIN_PAGES } from './builtin-pages.ts';
import './cms-page.css';

/** /about, /privacy-policy, /terms-conditions: built-in content first, else the api's CMS page by slug. */
export function CmsPage({ slug, title }: { slug: string; title: string }) {
  const builtin = BUILTIN_PAGES[slug];
  const page = useCmsPage(slug, !builtin);
  useDocumentTitle(builtin?.title ?? page.data?.title ?? title);

  if (builtin) {
    return (
      <CmsArticle slug={slug} title={builtin.title} updatedAt={builtin.updatedAt}>
        <div className="prose"><builtin.Content /></div>
      </CmsArticle>
    );
  }
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
  if (page.isError) {
    const missing = page.error instanceof ApiRequestError && page.error.status === 404;
    return (
      <div className="page">
        <EmptyState tone={missing ? 'neutral' : 'error'} testId="cms-error" icon={<AlertIcon width={26} height={26} />}
          title={missing ? messages.cms.pageNotFound : `Failed to load ${title}. Please try again.`}
          action={missing
            ? <Link to="/" className="btn btn--primary">Back to home</Link>
            : <button type="button" className="btn btn--primary" onClick={() => void page.refetch()}>Try again</button>} />
      </div>
    );
  }
  return (
    <CmsArticle slug={slug} title={page.data.title} updatedAt={page.data.updatedAt}>
      <RichText html={page.data.content} />
    </CmsArticle>
  );
}

function CmsArticle({ slug, title, updatedAt, children }: { slug: string; title: string; updatedAt: string; children: ReactNode }) {
  // Links to a section (the profile's Conditions of Business: /terms-conditions#sellers) land on it.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="page cms-page" data-testid="cms-page" data-slug={slug}>
      <header className="cms-page__header">
        <h1 className="page-title" data-testid="cms-title">{title}</h1>
        <p className="cms-page__updated" data-testid="cms-updated">
          Last updated <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
        </p>
      </header>
      <div data-testid="cms-content">{children}</div>
    </article>
  );
}
