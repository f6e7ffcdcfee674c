import { useState, type FormEvent } from 'react';
import { requiresPaymentHash, settlementMessages, transferReferenceRefusal, type Settlement } from '@gavel/domain';
import { useSettlementActions } from './settlement-api.ts';
import { BitcoinSettlementStep } from './BitcoinSettlementStep.tsx';
import './settlement.css';
import { DateTime } from '../dates/DateTime.tsx';

export interface SettlementLot {
  _id: string;
  auctionType: 'onchain' | 'offchain';
  paymentMethod: 'BTC' | 'ETH' | 'Manual';
  /** BTC lots: the inscription sold, settled by the swap its winning offer describes. */
  inscriptionId: string | null;
  /** The seller's wallet address. */
  walletAddress: string | null;
  unit: string;
  soldPrice: string | null;
  txHash: string | null;
  transferTransactionHash: string | null;
  winner: { name: string | null; firstName: string | null; lastName: string | null; walletAddress: string | null } | null;
  settlement: Settlement;
}

/**
 * The seller and admin panel of an ended lot: payment status and transfer status boxes,
 * then the next step: verify the payment (or, for an admin, mark it paid), enter the transfer hash and mark it
 * transferred, and finally "Auction Complete". A lot without a winner only says so, and so does a purchase voided
 * for non-payment (the admin's unpaid panel offers it again or relists it).
 */
export function SettlementPanel({ lot, isAdmin }: { lot: SettlementLot; isAdmin: boolean }) {
  const { settlement } = lot;
  if (settlement.state === 'open') return null;
  return (
    <section className="settlement" data-testid="settlement-panel" data-state={settlement.state} aria-labelledby="settlement-title">
      <h2 id="settlement-title" className="settlement__title">
        Settlement
      </h2>
      {settlement.state === 'no_winner' ? (
        <p className="settlement__note" data-testid="settlement-no-winner">
          {settlementMessages.noWinner}
        </p>
      ) : settlement.state === 'unpaid' ? (
        <p className="settlement__note" data-testid="settlement-unpaid">
          {settlement.message}
        </p>
      ) : (
        <>
          <Winner lot={lot} />
          <div className="settlement__boxes">
            <StatusBox
              testId="payment-status"
              label="Payment status"
              value={settlement.paymentStatus === 'paid' ? 'Paid' : 'Awaiting payment'}
              done={settlement.paymentStatus === 'paid'}
              detail={
                lot.txHash ? (
                  <>
                    Payment hash <span className="mono">{lot.txHash}</span>
                  </>
                ) : settlement.paidAt ? (
                  <>
                    Paid <DateTime iso={settlement.paidAt} />
                  </>
                ) : undefined
              }
            />
            <StatusBox
              testId="transfer-status"
              label="Transfer status"
              value={settlement.transferStatus === 'transferred' ? 'Transferred' : 'Not transferred'}
              done={settlement.transferStatus === 'transferred'}
              detail={
                lot.transferTransactionHash ? (
                  <>
                    Transfer hash <span className="mono">{lot.transferTransactionHash}</span>
                  </>
                ) : undefined
              }
            />
          </div>
          {settlement.state === 'awaiting_payment' &&
            (settledBySwap(lot) ? <BitcoinSettlementStep lot={lot} manual={<PaymentStep lot={lot} isAdmin={isAdmin} />} /> : <PaymentStep lot={lot} isAdmin={isAdmin} />)}
          {settlement.state === 'awaiting_transfer' && <TransferStep lotId={lot._id} paymentMethod={lot.paymentMethod} />}
          {settlement.state === 'complete' && (
            <p className="settlement__complete" data-testid="settlement-complete">
              {settlementMessages.complete}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** A BTC lot selling an inscription is paid and transferred at once, by the swap the seller co-signs. */
function settledBySwap(lot: SettlementLot): boolean {
  return lot.paymentMethod === 'BTC' && lot.inscriptionId !== null;
}

function Winner({ lot }: { lot: SettlementLot }) {
  const w = lot.winner;
  const name = w ? (w.name ?? ([w.firstName, w.lastName].filter(Boolean).join(' ') || null)) : null;
  return (
    <p className="settlement__winner" data-testid="settlement-winner">
      Won by {name ?? 'the winning bidder'}
      {w?.walletAddress ? (
        <>
          {' '}
          (<span className="mono">{w.walletAddress}</span>)
        </>
      ) : null}
      {lot.soldPrice ? (
        <>
          {' '}
          for{' '}
          <strong>
            {lot.soldPrice} {lot.unit}
          </strong>
        </>
      ) : null}
      .
      {lot.paymentMethod === 'BTC' && w && !w.walletAddress && (
        <span className="settlement__hint" data-testid="settlement-awaiting-wallet">
          {' '}
          {settlementMessages.awaitingWinnerWallet}
        </span>
      )}
    </p>
  );
}

function StatusBox({ label, value, done, detail, testId }: { label: string; value: string; done: boolean; detail?: React.ReactNode; testId: string }) {
  return (
    <div className={`settlement__box${done ? ' settlement__box--done' : ''}`} data-testid={testId}>
      <span className="settlement__box-label">{label}</span>
      <strong data-testid={`${testId}-value`}>{value}</strong>
      {detail && <span className="settlement__box-detail">{detail}</span>}
    </div>
  );
}

function PaymentStep({ lot, isAdmin }: { lot: SettlementLot; isAdmin: boolean }) {
  const { verifyPayment, markPaid } = useSettlementActions(lot._id);
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hashRequired = requiresPaymentHash(lot);

  const verify = () => verifyPayment.mutate();
  const submitPaid = (event: FormEvent) => {
    event.preventDefault();
    const txHash = hash.trim();
    // The spec's two readings of the hash, resolved in domain: required for on-chain lots, optional otherwise.
    if (!txHash && hashRequired) {
      setError(settlementMessages.txHashRequired);
      return;
    }
    setError(null);
    markPaid.mutate({ txHash: txHash || undefined, auctionType: lot.auctionType });
  };

  return (
    <div className="settlement__step">
      <p>Confirm that the winner has paid, then record the transfer.</p>
      <button type="button" className="btn btn--primary" onClick={verify} disabled={verifyPayment.isPending} data-testid="verify-payment">
        {verifyPayment.isPending ? 'Verifying...' : 'Verify Payment'}
      </button>
      {isAdmin && (
        <form className="settlement__form" onSubmit={submitPaid} noValidate>
          <label className="field__label" htmlFor="mark-paid-hash">
            Payment transaction hash{hashRequired ? '' : ' (optional)'}
          </label>
          <input id="mark-paid-hash" className="field__input" value={hash} onChange={(e) => setHash(e.target.value)} aria-invalid={error ? true : undefined} data-testid="mark-paid-hash" />
          {error && (
            <p className="field__error" data-testid="mark-paid-hash-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--ghost" disabled={markPaid.isPending} data-testid="mark-paid">
            Mark as Paid
          </button>
        </form>
      )}
    </div>
  );
}

/** The last step: a crypto lot's transfer hash, or a USD lot's shipping or transfer reference (free text). */
function TransferStep({ lotId, paymentMethod }: { lotId: string; paymentMethod: 'BTC' | 'ETH' | 'Manual' }) {
  const { transfer } = useSettlementActions(lotId, paymentMethod === 'BTC' ? settlementMessages.transferInscriptionFailed : settlementMessages.transferFailed);
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const physical = paymentMethod === 'Manual';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = transferReferenceRefusal({ paymentMethod }, hash);
    setError(refused);
    if (!refused) transfer.mutate(hash.trim());
  };
  return (
    <form className="settlement__step settlement__form" onSubmit={submit} noValidate>
      <p>
        {physical
          ? 'Send the item to the winner, then enter the shipping or transfer reference (the courier’s tracking number, say).'
          : 'Transfer the item to the winner, then enter the transfer transaction hash.'}
      </p>
      <label className="field__label" htmlFor="transfer-hash">
        {physical ? 'Shipping or transfer reference' : 'Transfer transaction hash'}
      </label>
      <input
        id="transfer-hash"
        className="field__input"
        value={hash}
        onChange={(e) => setHash(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'transfer-hash-error' : undefined}
        data-testid="transfer-hash"
      />
      {error && (
        <p id="transfer-hash-error" className="field__error" role="alert" data-testid="transfer-hash-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={transfer.isPending} data-testid="mark-transferred">
        {transfer.isPending ? 'Saving...' : 'Mark as Transferred'}
      </button>
    </form>
  );
}
