import { useNavigate, useParams } from 'react-router';
import { adminMessages } from '@gavel/domain';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { LoadError, PageHead, TableSkeleton } from '../common/states.tsx';
import '../lots/lot-form.css';
import { EventForm } from './EventForm.tsx';
import { useAdminEvent, useEventMutations } from './events-api.ts';

/** /s/admin/auctions/events/new */
export function EventCreatePage() {
  useDocumentTitle('New auction event');
  const navigate = useNavigate();
  const notify = useNotify();
  const { create } = useEventMutations();
  return (
    <section>
      <PageHead title="New auction event" />
      <EventForm
        onCancel={() => void navigate('/s/admin/auctions')}
        onSubmit={async (body) => {
          try {
            const reply = await create.mutateAsync(body);
            notify.success(reply.message, adminMessages.eventCreated);
            await navigate(`/s/admin/auctions/${reply.data._id}`);
          } catch (error) {
            notify.failure(error, adminErrorMessage(error, adminMessages.createFailed));
            throw error;
          }
        }}
      />
    </section>
  );
}

/** /s/admin/auctions/:eventId/edit */
export function EventEditPage() {
  const { eventId = '' } = useParams();
  const event = useAdminEvent(eventId);
  const navigate = useNavigate();
  const notify = useNotify();
  const { update } = useEventMutations();
  useDocumentTitle('Edit auction event');
  if (event.isPending) return <TableSkeleton rows={6} />;
  if (event.isError) return <LoadError what="this auction event" onRetry={() => void event.refetch()} />;
  return (
    <section>
      <PageHead title={`Edit ${event.data.title}`} />
      <EventForm
        event={event.data}
        onCancel={() => void navigate(`/s/admin/auctions/${eventId}`)}
        onSubmit={async (body) => {
          try {
            const reply = await update.mutateAsync({ eventId, body });
            notify.success(reply.message, adminMessages.eventUpdated);
            await navigate(`/s/admin/auctions/${eventId}`);
          } catch (error) {
            notify.failure(error, adminErrorMessage(error, 'Failed to update auction event'));
            throw error;
          }
        }}
      />
    </section>
  );
}
