import { useState, type FormEvent } from 'react';
import { paymentReferenceText, requiresPaymentHash, settlementMessages, transferReferenceLabel, transferReferenceRefusal } from '@gavel/domain';
import { useSettlementActions } from './settlement-api.ts';
import { SettleConfirm } from './SettleConfirm.tsx';
import type { SettlementLot } from './settlement-lot.ts';

/** The lot as the confirmations name it, and what the winner owes. */
const lotName = (lot: SettlementLot) => `Lot ${lot.lotNumber}: ${lot.title}`;
const owed = (lot: SettlementLot) => (lot.soldPrice ? `${lot.soldPrice} ${lot.unit}` : null);

/**
 * Recording the payment: the seller's Verify Payment, an admin's Mark as Paid. Either clears the winner's debt for
 * good, so it opens a confirmation naming the lot and the amount, with the payment's reference: the card payment's
 * when the card paid, else asked for (required for on-chain lots, as domain's requiresPaymentHash says).
 */
export function PaymentStep({ lot, isAdmin }: { lot: SettlementLot; isAdmin: boolean }) {
  const { verifyPayment, markPaid } = useSettlementActions(lot._id);
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hashRequired = requiresPaymentHash(lot);
  const known = paymentReferenceText(lot);
  const mutation = isAdmin ? markPaid : verifyPayment;

  const confirm = () => {
    const txHash = reference.trim() || undefined;
    if (!known && !txHash && hashRequired) {
      setError(settlementMessages.txHashRequired);
      return;
    }
    setError(null);
    const done = { onSuccess: () => setOpen(false) };
    if (isAdmin) markPaid.mutate({ txHash, auctionType: lot.auctionType }, done);
    else verifyPayment.mutate(txHash, done);
  };
  const label = isAdmin ? 'Mark as Paid' : 'Verify Payment';

  return (
    <div className="settlement__step">
      <p>Confirm that the winner has paid, then record the transfer.</p>
      <button type="button" className="btn btn--primary" onClick={() => setOpen(true)} data-testid={isAdmin ? 'mark-paid' : 'verify-payment'}>
        {label}
      </button>
      <SettleConfirm
        open={open}
        title={isAdmin ? 'Mark this lot as paid?' : 'Confirm the payment arrived?'}
        lotName={lotName(lot)}
        amount={owed(lot)}
        warning="This clears the winner's debt for this lot and cannot be undone. Your name and the time are recorded with it."
        confirmLabel={isAdmin ? 'Mark as Paid' : 'Confirm payment received'}
        busy={mutation.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        testId="confirm-payment"
      >
        {known ? (
          <p data-testid="confirm-payment-reference">{known}</p>
        ) : (
          <>
            <label className="field__label" htmlFor="payment-reference">
              {hashRequired ? 'Payment transaction hash' : 'Payment reference (optional: the bank transfer or receipt number, letters and digits)'}
            </label>
            <input
              id="payment-reference"
              className="field__input"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'payment-reference-error' : undefined}
              data-testid="payment-reference"
            />
            {error && (
              <p id="payment-reference-error" className="field__error" role="alert" data-testid="payment-reference-error">
                {error}
              </p>
            )}
          </>
        )}
      </SettleConfirm>
    </div>
  );
}

/**
 * The last step: a USD lot's tracking number (free text), a crypto lot's transfer transaction hash. Checked first,
 * then confirmed with the lot, the amount and the reference, since the sale is complete once it is recorded.
 */
export function TransferStep({ lot }: { lot: SettlementLot }) {
  const { paymentMethod } = lot;
  const { transfer } = useSettlementActions(lot._id, paymentMethod === 'BTC' ? settlementMessages.transferInscriptionFailed : settlementMessages.transferFailed);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const physical = paymentMethod === 'Manual';
  const label = transferReferenceLabel(lot);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = transferReferenceRefusal({ paymentMethod }, reference);
    setError(refused);
    if (!refused) setOpen(true);
  };
  return (
    <>
      <form className="settlement__step settlement__form" onSubmit={submit} noValidate>
        <p>
          {physical
            ? 'Send the item to the winner at the address below, then enter the parcel’s tracking number (or how it was handed over).'
            : 'Transfer the item to the winner, then enter the transfer transaction hash.'}
        </p>
        <label className="field__label" htmlFor="transfer-hash">
          {label}
        </label>
        <input
          id="transfer-hash"
          className="field__input"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'transfer-hash-error' : undefined}
          data-testid="transfer-hash"
        />
        {error && (
          <p id="transfer-hash-error" className="field__error" role="alert" data-testid="transfer-hash-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" data-testid="mark-transferred">
          Mark as Transferred
        </button>
      </form>
      <SettleConfirm
        open={open}
        title="Mark this lot as transferred?"
        lotName={lotName(lot)}
        amount={owed(lot)}
        warning="This completes the sale and cannot be undone. Your name and the time are recorded with it."
        confirmLabel="Mark as Transferred"
        busy={transfer.isPending}
        onConfirm={() => transfer.mutate(reference.trim(), { onSuccess: () => setOpen(false) })}
        onClose={() => setOpen(false)}
        testId="confirm-transfer"
      >
        <p data-testid="confirm-transfer-reference">
          {label} <span className="mono">{reference.trim()}</span>
        </p>
      </SettleConfirm>
    </>
  );
}
