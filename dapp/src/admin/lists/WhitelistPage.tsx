import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMessages, type deletedReplySchema, whitelistBodySchema, type whitelistEntryReplySchema, type whitelistListSchema } from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage, fieldErrors } from '../common/admin-errors.ts';
import { PageHead, PagedTable } from '../common/states.tsx';
import { useAdminEvents } from '../events/events-api.ts';
import { useFilters } from './use-filters.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { FilterSearch, FilterSelect } from './filter-controls.tsx';

const LIMIT = 20;

/**
 * /s/admin/whitelist: who may bid on whitelist-only auction events. An entry is a wallet address or an e-mail,
 * for one event or for every whitelist-only event.
 */
export function WhitelistPage() {
  useDocumentTitle('Whitelist');
  const { values, page, set } = useFilters(['search', 'auctionEventId'] as const);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const events = useAdminEvents({ page: 1, limit: 100 });
  const list = useQuery({
    queryKey: queryKeys.admin.whitelist.list(values, page),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof whitelistListSchema>>(`/admin/whitelist${queryString({ ...values, limit: LIMIT, offset: (page - 1) * LIMIT })}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.whitelist.all });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<ReplyOf<typeof deletedReplySchema>>(`/admin/whitelist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (reply) => {
      notify.success(reply.message, adminMessages.whitelistRemoved);
      refresh();
    },
    onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to remove the entry')),
  });

  return (
    <section data-testid="admin-whitelist">
      <PageHead title="Whitelist" />
      <p className="dashboard-note">Auction events marked “whitelisted bidders only” take bids only from the wallets and e-mail addresses listed here.</p>
      <AddEntry events={events.data?.data ?? []} onAdded={refresh} />
      <div className="admin-filters" style={{ marginTop: 'var(--space-4)' }}>
        <FilterSearch label="Search whitelist" placeholder="Search address or e-mail" value={values.search} onSearch={(v) => set('search', v)} />
        <FilterSelect
          label="Auction event"
          any="All events"
          value={values.auctionEventId}
          options={(events.data?.data ?? []).map((event) => [event._id, event.title] as const)}
          onChange={(v) => set('auctionEventId', v)}
        />
      </div>
      <PagedTable
        list={list}
        what="the whitelist"
        empty={{ title: 'The whitelist is empty', description: 'Add a wallet address or an e-mail above.' }}
        onPage={(p) => set('page', String(p))}
        head={
          <>
            <th>Wallet or e-mail</th>
            <th>Event</th>
            <th>Note</th>
            <th>Added</th>
            <th />
          </>
        }
        row={(entry) => (
          <tr key={entry._id} data-testid="whitelist-row">
            <td className={entry.walletAddress ? 'mono' : undefined}>{entry.walletAddress ?? entry.email}</td>
            <td>{entry.auctionEventTitle ?? 'Every whitelist-only event'}</td>
            <td>{entry.note || '-'}</td>
            <td>
              <DateTime iso={entry.createdAt} dateOnly />
            </td>
            <td>
              <button type="button" className="btn btn--ghost btn--small" disabled={remove.isPending} onClick={() => remove.mutate(entry._id)}>
                Remove
              </button>
            </td>
          </tr>
        )}
      />
    </section>
  );
}

function AddEntry({ events, onAdded }: { events: { _id: string; title: string }[]; onAdded: () => void }) {
  const [target, setTarget] = useState('');
  const [eventId, setEventId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const add = useMutation({
    mutationFn: (body: unknown) => apiRequest<ReplyOf<typeof whitelistEntryReplySchema>>('/admin/whitelist', { method: 'POST', body }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = target.trim();
    const body = { ...(value.includes('@') ? { email: value } : value ? { walletAddress: value } : {}), auctionEventId: eventId || null, note: note.trim() || undefined };
    const check = whitelistBodySchema.safeParse(body);
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? adminMessages.whitelistTarget);
      return;
    }
    setError(null);
    add.mutate(body, {
      onSuccess: (reply) => {
        notify.success(reply.message, adminMessages.whitelistAdded);
        setTarget('');
        setNote('');
        onAdded();
      },
      onError: (failure) => {
        setError(Object.values(fieldErrors(failure))[0] ?? null);
        notify.failure(failure, adminErrorMessage(failure, 'Failed to add the entry'));
      },
    });
  };
  return (
    <form className="admin-card admin-inline-form" onSubmit={submit} noValidate data-testid="whitelist-add">
      <input
        className="field__input"
        placeholder="Wallet address or e-mail"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        aria-label="Wallet address or e-mail"
        aria-invalid={error ? true : undefined}
        data-testid="whitelist-target"
      />
      <select className="admin-select" value={eventId} onChange={(e) => setEventId(e.target.value)} aria-label="For event">
        <option value="">Every whitelist-only event</option>
        {events.map((event) => (
          <option key={event._id} value={event._id}>
            {event.title}
          </option>
        ))}
      </select>
      <input className="field__input" placeholder="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} aria-label="Note" />
      <button type="submit" className="btn btn--primary" disabled={add.isPending} data-testid="whitelist-submit">
        Add
      </button>
      {error && (
        <p className="field__error" data-testid="whitelist-error">
          {error}
        </p>
      )}
    </form>
  );
}
