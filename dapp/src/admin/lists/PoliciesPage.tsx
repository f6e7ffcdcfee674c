import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMessages, fill, POLICY_KINDS, policyBodySchema, type policyListSchema, type policyReplySchema, type Policy, type PolicyKind } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { AdminTable, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { RichTextEditor } from '../content/RichTextEditor.tsx';
import { DateTime } from '../../dates/DateTime.tsx';

const KIND_NAMES: Record<PolicyKind, string> = {
  'terms-conditions': 'Terms & Conditions',
  'privacy-policy': 'Privacy Policy',
  'conditions-of-business': 'Conditions of Business',
};

/**
 * /s/admin/policies: versioned platform policies. A draft is written, then published as the next version of
 * its kind; published versions are never edited (a new draft replaces them), so what a bidder accepted stays.
 */
export function PoliciesPage() {
  useDocumentTitle('Policies');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [editing, setEditing] = useState<Policy | PolicyKind | null>(null);
  const list = useQuery({
    queryKey: queryKeys.admin.policies,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof policyListSchema>>('/admin/policies', { signal }).then((r) => r.data),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.policies });
  const publish = useMutation({
    mutationFn: ({ id, requireReacceptance }: { id: string; requireReacceptance?: boolean }) =>
      apiRequest<ReplyOf<typeof policyReplySchema>>(`/admin/policies/${encodeURIComponent(id)}/publish`, { method: 'POST', body: requireReacceptance === undefined ? {} : { requireReacceptance } }),
    onSuccess: (reply) => {
      notify.success(reply.message, fill(adminMessages.policyPublished, { version: reply.data.version ?? '' }));
      refresh();
    },
    onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to publish policy')),
  });
  const doPublish = (policy: Policy) => {
    // Only terms are accepted by bidders, so only they can ask for a new acceptance.
    const requireReacceptance = policy.kind === 'terms-conditions' ? window.confirm('Ask every bidder to accept the new terms before their next bid?') : undefined;
    publish.mutate({ id: policy._id, requireReacceptance });
  };

  if (editing) {
    return (
      <PolicyEditor
        policy={typeof editing === 'string' ? null : editing}
        kind={typeof editing === 'string' ? editing : editing.kind}
        onDone={() => {
          setEditing(null);
          refresh();
        }}
      />
    );
  }
  return (
    <section data-testid="admin-policies">
      <PageHead title="Policies" />
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <LoadError what="policies" onRetry={() => void list.refetch()} />
      ) : (
        POLICY_KINDS.map((kind) => {
          const versions = list.data.filter((policy) => policy.kind === kind);
          return (
            <div className="admin-card" key={kind} data-testid={`policy-${kind}`}>
              <div className="admin-page__head">
                <h2 className="admin-card__title">{KIND_NAMES[kind]}</h2>
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(kind)}>
                  New draft
                </button>
              </div>
              {versions.length === 0 ? (
                <NoRows title="No versions yet" />
              ) : (
                <AdminTable
                  head={
                    <>
                      <th>Version</th>
                      <th>Title</th>
                      <th>Status</th>
                      <th>Published</th>
                      <th />
                    </>
                  }
                >
                  {versions.map((policy) => (
                    <tr key={policy._id}>
                      <td>{policy.version ?? 'draft'}</td>
                      <td>
                        {policy.title}
                        {policy.summary ? (
                          <>
                            <br />
                            <small>{policy.summary}</small>
                          </>
                        ) : null}
                      </td>
                      <td>{policy.current ? <span className="admin-pill admin-pill--good">In force</span> : <span className="admin-pill">{policy.status}</span>}</td>
                      <td>{policy.publishedAt ? <DateTime iso={policy.publishedAt} /> : '-'}</td>
                      <td>
                        {policy.status === 'draft' && (
                          <div className="admin-actions">
                            <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(policy)}>
                              Edit
                            </button>
                            <button type="button" className="btn btn--primary btn--small" disabled={publish.isPending} onClick={() => doPublish(policy)}>
                              Publish
                            </button>
                          </div>
                        )}
                      </td>
                    </tr>
                  ))}
                </AdminTable>
              )}
            </div>
          );
        })
      )}
    </section>
  );
}

function PolicyEditor({ policy, kind, onDone }: { policy: Policy | null; kind: PolicyKind; onDone: () => void }) {
  const [title, setTitle] = useState(policy?.title ?? KIND_NAMES[kind]);
  const [summary, setSummary] = useState(policy?.summary ?? '');
  const [content, setContent] = useState(policy?.content ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const notify = useNotify();
  const save = useMutation({
    mutationFn: () =>
      policy
        ? apiRequest<ReplyOf<typeof policyReplySchema>>(`/admin/policies/${encodeURIComponent(policy._id)}`, { method: 'PUT', body: { title, summary, content } })
        : apiRequest<ReplyOf<typeof policyReplySchema>>('/admin/policies', { method: 'POST', body: { kind, title, summary, content } }),
  });
  const submit = () => {
    const check = policyBodySchema.safeParse({ kind, title, summary, content });
    if (!check.success) {
      setErrors(Object.fromEntries(check.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(undefined, {
      onSuccess: (reply) => {
        notify.success(reply.message, adminMessages.policySaved);
        onDone();
      },
      onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to save policy')),
    });
  };
  return (
    <section data-testid="policy-editor">
      <PageHead title={`${policy ? 'Edit draft' : 'New draft'}: ${KIND_NAMES[kind]}`} />
      <div className="lot-form">
        <div className="field">
          <label className="field__label" htmlFor="policy-title">
            Title
          </label>
          <input id="policy-title" className="field__input" value={title} onChange={(e) => setTitle(e.target.value)} />
          {errors.title && <p className="field__error">{errors.title}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="policy-summary">
            What changed (optional)
          </label>
          <input id="policy-summary" className="field__input" value={summary} onChange={(e) => setSummary(e.target.value)} />
        </div>
        <RichTextEditor label="Policy text" initialHtml={content} onChange={setContent} />
        {errors.content && <p className="field__error">{errors.content}</p>}
        <div className="lot-form__buttons">
          <button type="button" className="btn btn--ghost" onClick={onDone}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={submit} disabled={save.isPending}>
            Save draft
          </button>
        </div>
      </div>
    </section>
  );
}
