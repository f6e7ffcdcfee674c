import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerStatement } from '@gavel/domain';
import { requestToken } from '../../session/admin-token.ts';
import { API_BASE, apiRequest } from '../../api/http.ts';
import { lotAmount } from '../../lots/lot-money.ts';

const key = (eventId: string) => ['admin', 'event-statements', eventId];

/**
 * An event's sales for the admin: each seller's statement (hammer, commission, net, buyer paid or not), Mark paid
 * out for each payout made, and the event's figures as CSV.
 */
export function EventSales({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient();
  const statements = useQuery({
    queryKey: key(eventId),
    queryFn: ({ signal }) => apiRequest<{ data: SellerStatement[] }>(`/admin/auction-events/${encodeURIComponent(eventId)}/statements`, { signal }),
    select: (reply) => reply.data,
  });
  const payout = useMutation({
    mutationFn: (id: string) => apiRequest(`/admin/statements/${encodeURIComponent(id)}/payout`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(eventId) }),
  });
  const exportCsv = async () => {
    const token = requestToken();
    const response = await fetch(`${API_BASE}/admin/auction-events/${encodeURIComponent(eventId)}/figures`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
    if (!response.ok) return;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `event-${eventId}-figures.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <section className="lot-form__section" data-testid="admin-event-sales">
      <h2>Sales</h2>
      <button type="button" className="btn btn--ghost" onClick={() => void exportCsv()} data-testid="admin-event-export">
        Export figures (CSV)
      </button>
      {statements.data?.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th>Statement</th>
              <th>Lot</th>
              <th>Hammer</th>
              <th>Commission</th>
              <th>Net</th>
              <th>Buyer</th>
              <th>Payout</th>
            </tr>
          </thead>
          <tbody>
            {statements.data.map((s) => (
              <tr key={s._id} data-testid="admin-statement">
                <td>{s.number}</td>
                <td>{s.lotTitle}</td>
                <td>{lotAmount(s.hammer, s.unit)}</td>
                <td>{lotAmount(s.commission, s.unit)}</td>
                <td>{lotAmount(s.net, s.unit)}</td>
                <td>{s.buyerPaid ? 'Paid' : 'Unpaid'}</td>
                <td>
                  {s.paidOutAt ? (
                    `Paid out ${s.paidOutAt.slice(0, 10)}`
                  ) : (
                    <button type="button" className="btn btn--ghost" disabled={payout.isPending} onClick={() => payout.mutate(s._id)} data-testid="admin-statement-payout">
                      Mark paid out
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="field__hint">No lot of this event has sold yet.</p>
      )}
    </section>
  );
}
