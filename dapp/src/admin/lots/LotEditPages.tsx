import { useNavigate, useParams } from 'react-router';
import { adminMessages, checkLotEdit } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { LoadError, PageHead, TableSkeleton } from '../common/states.tsx';
import { useAdminEvent } from '../events/events-api.ts';
import { LotForm } from './LotForm.tsx';
import { emptyLotForm, lotFormFrom } from './lot-form-state.ts';
import { useAdminLot, useLotMutations } from './lots-api.ts';

/** /s/admin/auctions/:eventId/lots/new: a lot in this event, its times defaulting to the event's window. */
export function LotCreatePage() {
  const { eventId = '' } = useParams();
  const event = useAdminEvent(eventId);
  const navigate = useNavigate();
  const notify = useNotify();
  const { create } = useLotMutations();
  useDocumentTitle('New lot');
  if (event.isPending) return <TableSkeleton rows={8} />;
  if (event.isError) return <LoadError what="the auction event" onRetry={() => void event.refetch()} />;
  return (
    <section>
      <PageHead title={`New lot in ${event.data.title}`} />
      <LotForm
        mode="create"
        initial={emptyLotForm({ startTime: event.data.startTime, endTime: event.data.endTime })}
        context={{ event: event.data }}
        onCancel={() => void navigate(`/s/admin/auctions/${eventId}`)}
        onSubmit={async (body) => {
          try {
            const reply = await create.mutateAsync({ ...body, auctionEventId: eventId });
            notify.success(reply.message, adminMessages.lotCreated);
            await navigate(`/s/admin/auctions/${eventId}/lots/${reply.data._id}`);
          } catch (error) {
            notify.failure(error, adminErrorMessage(error, adminMessages.createFailed));
            throw error;
          }
        }}
      />
    </section>
  );
}

/** /s/admin/auctions/:eventId/lots/:lotId/edit: returns to the lot's admin page after Update or Cancel. */
export function LotEditPage() {
  const { eventId = '', lotId = '' } = useParams();
  const lot = useAdminLot(lotId);
  const navigate = useNavigate();
  const notify = useNotify();
  const { update } = useLotMutations();
  useDocumentTitle('Edit lot');
  const back = `/s/admin/auctions/${eventId}/lots/${lotId}`;
  if (lot.isPending) return <TableSkeleton rows={8} testId="lot-edit-loading" />;
  if (lot.isError) {
    if (lot.error instanceof ApiRequestError && lot.error.status === 404) {
      return <EmptyState testId="admin-lot-not-found" tone="error" title={adminMessages.auctionNotFound} />;
    }
    return <LoadError what="this lot" onRetry={() => void lot.refetch()} />;
  }
  const original = lot.data;
  const context = { original, event: original.auction };
  // Ended (or cancelled) lots are not editable at all: the rule's own message instead of a form.
  const locked = checkLotEdit({ title: 'x', paymentMethod: original.paymentMethod, startTime: original.startTime, endTime: original.endTime, startingBid: original.startingBid }, context);
  if (!locked.ok && locked.code !== 'validation_failed') {
    return (
      <EmptyState
        testId="lot-not-editable"
        tone="error"
        title={locked.message}
        action={
          <button type="button" className="btn btn--primary" onClick={() => void navigate(back)}>
            Back to the lot
          </button>
        }
      />
    );
  }
  return (
    <section>
      <PageHead title={`Edit ${original.title}`} />
      <LotForm
        mode="edit"
        initial={lotFormFrom(original)}
        context={context}
        onCancel={() => void navigate(back)}
        onSubmit={async (body) => {
          try {
            const reply = await update.mutateAsync({ lotId, body });
            notify.success(reply.message, adminMessages.lotUpdated);
            await navigate(back);
          } catch (error) {
            notify.failure(error, adminErrorMessage(error, 'Failed to update auction lot'));
            throw error;
          }
        }}
      />
    </section>
  );
}
