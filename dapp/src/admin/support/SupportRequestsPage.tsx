import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, SUPPORT_REQUESTS_LIMIT, type SupportRequest, type supportRequestListSchema, type supportRequestUpdateReplySchema } from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { AdminPager, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { useFilters } from '../lists/use-filters.ts';
import { DateTime } from '../../dates/DateTime.tsx';

/**
 * /s/admin/support: what visitors and users sent from the support page's contact form, newest first, open ones
 * by default. Each shows who wrote (with a mail link to reply) and the message as written, as plain text.
 */
export function SupportRequestsPage() {
  useDocumentTitle('Support requests');
  const { values, page, set } = useFilters(['status'] as const);
  const status = values.status ?? 'open';
  const queryClient = useQueryClient();
  const notify = useNotify();
  const list = useQuery({
    queryKey: queryKeys.admin.support.list({ status }, page),
    queryFn: ({ signal }) =>
      apiRequest<ReplyOf<typeof supportRequestListSchema>>(
        `/admin/support-requests${queryString({ status: status === 'all' ? undefined : status, limit: SUPPORT_REQUESTS_LIMIT, offset: (page - 1) * SUPPORT_REQUESTS_LIMIT })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const mark = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiRequest<ReplyOf<typeof supportRequestUpdateReplySchema>>(`/admin/support-requests/${encodeURIComponent(id)}`, { method: 'PATCH', body: { handled } }),
    onSuccess: (reply, { handled }) => {
      notify.success(reply.message, handled ? messages.support.handled : messages.support.reopened);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.support.all });
    },
    onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to update the request')),
  });

  return (
    <section data-testid="admin-support">
      <PageHead title="Support requests">
        {list.data && (
          <span className="admin-pill admin-pill--info" data-testid="support-open-count">
            {list.data.open} open
          </span>
        )}
      </PageHead>
      <div className="admin-filters">
        <select value={status} onChange={(event) => set('status', event.target.value === 'open' ? '' : event.target.value)} aria-label="Status" data-testid="support-status-filter">
          <option value="open">Open</option>
          <option value="handled">Handled</option>
          <option value="all">All</option>
        </select>
      </div>
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <LoadError what="support requests" onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <NoRows title={status === 'open' ? 'No open requests' : 'No requests'} description="Messages sent from the support page appear here." />
      ) : (
        <>
          <ul className="support-list">
            {list.data.data.map((request) => (
              <RequestCard key={request._id} request={request} busy={mark.isPending} onMark={(handled) => mark.mutate({ id: request._id, handled })} />
            ))}
          </ul>
          <AdminPager pagination={list.data.pagination} onPage={(p) => set('page', String(p))} />
        </>
      )}
    </section>
  );
}

function RequestCard({ request, busy, onMark }: { request: SupportRequest; busy: boolean; onMark: (handled: boolean) => void }) {
  return (
    <li className="admin-card support-request" data-testid="support-request">
      <div className="support-request__head">
        <h2 className="admin-card__title" data-testid="support-request-subject">
          {request.subject}
        </h2>
        {request.handled ? <span className="admin-pill admin-pill--good">Handled</span> : <span className="admin-pill admin-pill--info">Open</span>}
      </div>
      <p className="support-request__from">
        <span data-testid="support-request-name">{request.name}</span> &lt;
        <a href={`mailto:${request.email}?subject=${encodeURIComponent(`Re: ${request.subject}`)}`} data-testid="support-request-email">
          {request.email}
        </a>
        &gt;
        {' · '}
        <DateTime iso={request.createdAt} />
        {request.userId ? ' · signed in' : ''}
      </p>
      <p className="support-request__message" data-testid="support-request-message">
        {request.message}
      </p>
      <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => onMark(!request.handled)} data-testid="support-request-toggle">
        {request.handled ? 'Open again' : 'Mark handled'}
      </button>
    </li>
  );
}
