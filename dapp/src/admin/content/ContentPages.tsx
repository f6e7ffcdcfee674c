import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminMessages, CMS_PAGES, cmsPageBodySchema } from '@gavel/domain';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { AdminTable, LoadError, PageHead, TableSkeleton } from '../common/states.tsx';
import { useCmsPages, useSaveCmsPage } from './cms-api.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import { DateTime } from '../../dates/DateTime.tsx';

/** /s/admin/content: the site's content pages, each with its edit screen and public page. */
export function ContentListPage() {
  useDocumentTitle('Content');
  const pages = useCmsPages();
  return (
    <section data-testid="admin-content">
      <PageHead title="Content" />
      {pages.isPending ? (
        <TableSkeleton rows={CMS_PAGES.length} />
      ) : pages.isError ? (
        <LoadError what="content pages" onRetry={() => void pages.refetch()} />
      ) : (
        <AdminTable
          head={
            <>
              <th>Page</th>
              <th>Title</th>
              <th>Last updated</th>
              <th />
            </>
          }
        >
          {CMS_PAGES.map((page) => {
            const stored = pages.data.find((p) => p.slug === page.slug);
            return (
              <tr key={page.slug} data-testid="content-row">
                <td>
                  {page.name}
                  <br />
                  <Link to={page.path} className="mono">
                    {page.path}
                  </Link>
                </td>
                <td>{stored?.title ?? <span className="admin-pill">Not written yet</span>}</td>
                <td>{stored ? <DateTime iso={stored.updatedAt} /> : '-'}</td>
                <td>
                  <Link to={`/s/admin/content/${page.slug}/edit`} className="btn btn--ghost btn--small" data-testid={`content-edit-${page.slug}`}>
                    Edit
                  </Link>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </section>
  );
}

/** /s/admin/content/{slug}/edit, one per CMS page */
export function ContentEditPage({ slug }: { slug: (typeof CMS_PAGES)[number]['slug'] }) {
  const meta = CMS_PAGES.find((page) => page.slug === slug)!;
  useDocumentTitle(`Edit ${meta.name}`);
  const pages = useCmsPages();
  if (pages.isPending) return <TableSkeleton rows={8} />;
  if (pages.isError) return <LoadError what="this page" onRetry={() => void pages.refetch()} />;
  const stored = pages.data.find((page) => page.slug === slug);
  return <ContentEditor key={slug} slug={slug} name={meta.name} title={stored?.title ?? meta.name} content={stored?.content ?? ''} exists={Boolean(stored)} />;
}

function ContentEditor({ slug, name, title: initialTitle, content: initialContent, exists }: { slug: string; name: string; title: string; content: string; exists: boolean }) {
  const [title, setTitle] = useState(initialTitle);
  const [content, setContent] = useState(initialContent);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCmsPage();
  const notify = useNotify();
  const navigate = useNavigate();

  const submit = () => {
    const check = cmsPageBodySchema.safeParse({ slug, title, content });
    if (!check.success) {
      setErrors(Object.fromEntries(check.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { slug, title: check.data.title, content: check.data.content, exists },
      {
        onSuccess: (reply) => {
          notify.success(reply.message, adminMessages.pageSaved);
          void navigate('/s/admin/content');
        },
        onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to save page')),
      },
    );
  };

  return (
    <section data-testid="content-editor">
      <p>
        <Link to="/s/admin/content">&larr; Content</Link>
      </p>
      <PageHead title={`Edit ${name}`} />
      <div className="lot-form">
        <div className="field">
          <label className="field__label" htmlFor="content-title">
            Title
          </label>
          <input id="content-title" className="field__input" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="content-title" />
          {errors.title && (
            <p className="field__error" data-testid="content-title-error">
              {errors.title}
            </p>
          )}
        </div>
        <RichTextEditor label={`${name} content`} initialHtml={initialContent} onChange={setContent} />
        {errors.content && (
          <p className="field__error" data-testid="content-body-error">
            {errors.content}
          </p>
        )}
        <div className="lot-form__buttons">
          <Link to="/s/admin/content" className="btn btn--ghost">
            Cancel
          </Link>
          <button type="button" className="btn btn--primary" onClick={submit} disabled={save.isPending} data-testid="content-save">
            {save.isPending ? 'Saving...' : 'Save Page'}
          </button>
        </div>
      </div>
    </section>
  );
}
