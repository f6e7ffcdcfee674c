import type { ReactNode } from 'react';
import { paymentReferenceText, settlementMessages, shipsToWinner, transferReferenceLabel, type SettlementRecord } from '@gavel/domain';
import { BitcoinSettlementStep } from './BitcoinSettlementStep.tsx';
import { PaymentStep, TransferStep } from './SettlementSteps.tsx';
import { MessageWinner, ShipTo } from './ShipToWinner.tsx';
import { useSettlementRecord } from './settlement-record-api.ts';
import './settlement.css';
import { DateTime } from '../dates/DateTime.tsx';
import type { SettlementLot } from './settlement-lot.ts';

/**
 * The seller and admin panel of an ended lot: payment status and transfer status boxes (each with its reference in
 * plain words, and who recorded it when), then the next step: verify the payment (or, for an admin, mark it paid),
 * enter the tracking number or transfer hash and mark it transferred, each confirmed first, and finally "Auction
 * Complete". Once a USD lot is paid, where to ship it and a way to write to the winner through Gavel. A lot without a
 * winner only says so, and so does a purchase voided for non-payment (the admin's unpaid panel offers it again or
 * relists it).
 */
export function SettlementPanel({ lot, isAdmin }: { lot: SettlementLot; isAdmin: boolean }) {
  const { settlement } = lot;
  const record = useSettlementRecord(lot._id, settlement.state).data ?? null;
  if (settlement.state === 'open') return null;
  const paymentReference = paymentReferenceText(lot);
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
                settlement.paymentStatus === 'paid' ? (
                  <>
                    {paymentReference && <span className="mono">{paymentReference}</span>}
                    <Recorded verb="Paid" at={settlement.paidAt} by={record?.paidBy ?? null} testId="payment-recorded" />
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
                settlement.transferStatus === 'transferred' ? (
                  <>
                    {lot.transferTransactionHash && (
                      <span>
                        {transferReferenceLabel(lot)} <span className="mono">{lot.transferTransactionHash}</span>
                      </span>
                    )}
                    <Recorded verb="Transferred" at={settlement.transferredAt} by={record?.transferredBy ?? null} testId="transfer-recorded" />
                  </>
                ) : undefined
              }
            />
          </div>
          {shipsToWinner(lot) && settlement.paymentStatus === 'paid' && record?.shipTo && <ShipTo shipTo={record.shipTo} />}
          {shipsToWinner(lot) && record?.canMessageWinner && <MessageWinner lotId={lot._id} />}
          {settlement.state === 'awaiting_payment' &&
            (settledBySwap(lot) ? <BitcoinSettlementStep lot={lot} manual={<PaymentStep lot={lot} isAdmin={isAdmin} />} /> : <PaymentStep lot={lot} isAdmin={isAdmin} />)}
          {settlement.state === 'awaiting_transfer' && <TransferStep lot={lot} />}
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

/** When a step was recorded and by whom ("Paid 29 Nov 2026, 12:00 GMT, recorded by Sam Seller (seller)"). */
function Recorded({ verb, at, by, testId }: { verb: string; at: string | null; by: SettlementRecord['paidBy']; testId: string }) {
  if (!at && !by) return null;
  return (
    <span data-testid={testId}>
      {at && (
        <>
          {verb} <DateTime iso={at} />
        </>
      )}
      {by && `${at ? ', ' : ''}recorded by ${by.name} (${by.role})`}
    </span>
  );
}

function StatusBox({ label, value, done, detail, testId }: { label: string; value: string; done: boolean; detail?: ReactNode; testId: string }) {
  return (
    <div className={`settlement__box${done ? ' settlement__box--done' : ''}`} data-testid={testId}>
      <span className="settlement__box-label">{label}</span>
      <strong data-testid={`${testId}-value`}>{value}</strong>
      {detail && <span className="settlement__box-detail">{detail}</span>}
    </div>
  );
}
