import { useState } from 'react';
import type { AdminLot, AdminSecondChanceOffer, UnpaidLot } from '@gavel/domain';
import { useNotify } from '../../components/toast/use-notify.ts';
import { adminErrorMessage, fieldErrors } from '../common/admin-errors.ts';
import { fromLocalInput, toLocalInput } from './lot-form-state.ts';
import { useUnpaidLotActions } from './unpaid-api.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { DateTime } from '../../dates/DateTime.tsx';
import { viewerTimeZone } from '../../dates/format-date.ts';
import { AdminTable } from '../common/states.tsx';

const STATES: Record<AdminSecondChanceOffer['status'], string> = { open: 'Open', accepting: 'Being paid', accepted: 'Accepted', expired: 'Expired', withdrawn: 'Withdrawn' };
const DAY_MS = 86_400_000;

/**
 * A lot whose buyer did not pay by the deadline: who that was, and the admin's two ways on: offer it to the
 * runner-up at their last bid (they accept by card), or relist it between new times.
 */
export function UnpaidLotPanel({ lot }: { lot: AdminLot }) {
  if (!lot.unpaid) return null;
  const { unpaid } = lot;
  const waiting = unpaid.offers.some((offer) => offer.status === 'open' || offer.status === 'accepting');
  return (
    <div className="admin-card" style={{ marginTop: 'var(--space-4)' }} data-testid="admin-unpaid-lot">
      <h2 className="admin-card__title">Unpaid</h2>
      <p className="form-banner form-banner--error" role="status">
        {unpaid.buyer ? `${unpaid.buyer.name ?? unpaid.buyer.email} did not pay` : 'The buyer did not pay'} by the deadline: the purchase was voided on <DateTime iso={unpaid.unpaidAt} />.
        {unpaid.buyer && ` Unpaid purchases on their account: ${unpaid.buyer.unpaidCount}.`}
      </p>
      {unpaid.offers.length > 0 && <Offers offers={unpaid.offers} />}
      <div className="admin-actions" style={{ alignItems: 'flex-start' }}>
        <OfferAction lotId={lot._id} runnerUp={unpaid.runnerUp} waiting={waiting} unit={lot.unit} />
        <RelistForm lotId={lot._id} waiting={unpaid.offers.some((offer) => offer.status === 'accepting')} />
      </div>
    </div>
  );
}

function Offers({ offers }: { offers: AdminSecondChanceOffer[] }) {
  return (
    <AdminTable
      head={
        <>
          <th>Offered to</th>
          <th>Amount</th>
          <th>Until</th>
          <th>Status</th>
        </>
      }
    >
      {offers.map((offer) => (
        <tr key={offer._id} data-testid="admin-second-chance-offer">
          <td>{offer.name ?? offer.email ?? offer.userId}</td>
          <td>{offer.amount} USD</td>
          <td>
            <DateTime iso={offer.expiresAt} />
          </td>
          <td data-testid="admin-second-chance-status">{STATES[offer.status]}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

function OfferAction({ lotId, runnerUp, waiting, unit }: { lotId: string; runnerUp: UnpaidLot['runnerUp']; waiting: boolean; unit: string }) {
  const { offer } = useUnpaidLotActions(lotId);
  const notify = useNotify();
  if (!runnerUp) return <p data-testid="admin-no-runner-up">No other bidder to offer it to (second-chance offers are paid by card, on USD lots): relist it.</p>;
  const send = () => {
    if (!window.confirm(`Offer this lot to ${runnerUp.name ?? runnerUp.email} at ${runnerUp.amount} ${unit}? They are mailed and may accept by card.`)) return;
    offer.mutate(undefined, {
      onSuccess: (reply) => notify.success(reply.message, 'Second-chance offer sent'),
      onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to send the offer')),
    });
  };
  return (
    <div>
      <p>
        Runner-up: <strong>{runnerUp.name ?? runnerUp.email}</strong> ({runnerUp.email}), last bid {runnerUp.amount} {unit}.
      </p>
      <button type="button" className="btn btn--primary" disabled={offer.isPending || waiting} onClick={send} data-testid="admin-offer-runner-up">
        {offer.isPending ? 'Sending…' : 'Offer to runner-up'}
      </button>
      {waiting && <p className="field__hint">An offer is still open: wait for it to be accepted or to expire.</p>}
    </div>
  );
}

function RelistForm({ lotId, waiting }: { lotId: string; waiting: boolean }) {
  const { relist } = useUnpaidLotActions(lotId);
  const notify = useNotify();
  const [startTime, setStartTime] = useState(() => toLocalInput(Date.now()));
  const [endTime, setEndTime] = useState(() => toLocalInput(Date.now() + 7 * DAY_MS));
  const errors = fieldErrors(relist.error);
  const submit = () => {
    if (!window.confirm('Relist this lot? The winner is cleared, its bids are kept as history, and an open offer is withdrawn.')) return;
    relist.mutate(
      { startTime: fromLocalInput(startTime), endTime: fromLocalInput(endTime) },
      {
        onSuccess: (reply) => notify.success(reply.message, 'Lot relisted'),
        onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to relist the lot')),
      },
    );
  };
  return (
    <div>
      <TextField
        label={`New start (${viewerTimeZone()})`}
        type="datetime-local"
        value={startTime}
        onChange={(event) => setStartTime(event.target.value)}
        error={errors.startTime}
        testId="relist-start"
      />
      <TextField label={`New end (${viewerTimeZone()})`} type="datetime-local" value={endTime} onChange={(event) => setEndTime(event.target.value)} error={errors.endTime} testId="relist-end" />
      <button type="button" className="btn btn--ghost" disabled={relist.isPending || waiting} onClick={submit} data-testid="admin-relist">
        {relist.isPending ? 'Relisting…' : 'Relist'}
      </button>
    </div>
  );
}
