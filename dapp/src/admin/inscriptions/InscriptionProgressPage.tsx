/**
 * /s/admin/inscriptions/:inscriptionId: paying for an inscription and following it to the chain. The payment
 * instructions (the commit address, the exact sats, copyable, and the deadline), then the progress the api's job
 * makes: payment seen, reveal broadcast, reveal mined; the inscription id `<revealTxid>i0` once revealed. An
 * expired request shows no instructions, only that it expired.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { inscriptionMessages } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { useInscriptionStatus, usePaymentInstructions, usePaymentStatus } from './inscribe-api.ts';
import { progressOf, PROGRESS_STEPS } from './inscription-progress.ts';

import './inscribe.css';

const COPIED_MS = 2_000;
const btc = (sats: number) => (sats / 1e8).toFixed(8);

export function InscriptionProgressPage() {
  const id = useParams().inscriptionId!;
  useDocumentTitle('Inscription');
  const instructions = usePaymentInstructions(id);
  const status = useInscriptionStatus(id);
  const payment = usePaymentStatus(id, status.data?.status);
  const back = (
    <Link className="btn btn--ghost btn--small" to="/s/admin/inscriptions">
      Back to inscriptions
    </Link>
  );

  if (instructions.isPending || status.isPending)
    return (
      <section>
        <PageHead title="Inscription">{back}</PageHead>
        <TableSkeleton rows={4} />
      </section>
    );
  if (instructions.isError || status.isError) {
    const error = instructions.error ?? status.error;
    return (
      <section>
        <PageHead title="Inscription">{back}</PageHead>
        {/* Unknown id, or an inscription synced from a wallet, which was never paid for here. */}
        {error instanceof ApiRequestError && error.status === 404 ? (
          <NoRows title={adminErrorMessage(error, inscriptionMessages.notFound)} description="Find it in the inscriptions list." />
        ) : (
          <LoadError
            what="the inscription"
            onRetry={() => {
              void instructions.refetch();
              void status.refetch();
            }}
          />
        )}
      </section>
    );
  }
  const pay = instructions.data;
  const progress = progressOf(status.data, payment.data);
  const revealed = status.data.inscriptionId;
  // An expired request's address must not be paid any more: its instructions are not shown.
  const payable = status.data.status !== 'expired';
  return (
    <section data-testid="inscription-progress-page">
      <PageHead title="Inscription">{back}</PageHead>
      {payable && (
        <div className="admin-card" data-testid="payment-instructions">
          <h2 className="admin-card__title">Payment</h2>
          <p>
            Send exactly <strong data-testid="payment-amount">{pay.amount.toLocaleString('en-US')} sats</strong> ({btc(pay.amount)} BTC) to this address in one payment
            {pay.expiresAt && status.data.status === 'pending_payment' && (
              <>
                {' '}
                by{' '}
                <strong data-testid="payment-deadline">
                  <DateTime iso={pay.expiresAt} />
                </strong>
              </>
            )}
            :
          </p>
          <CopyField label="Payment address" value={pay.address} testId="payment-address" />
          <dl className="admin-dl">
            <dt>Postage</dt>
            <dd>{pay.postage.toLocaleString('en-US')} sats (stays with the inscription)</dd>
            <dt>Reveal fee</dt>
            <dd>
              {pay.revealFee.toLocaleString('en-US')} sats at {pay.feeRate} sat/vB
            </dd>
            <dt>Your wallet's fee</dt>
            <dd>about {pay.commitFeeEstimate.toLocaleString('en-US')} sats for the payment itself</dd>
          </dl>
        </div>
      )}
      <div className="admin-card" data-testid="inscription-progress" aria-live="polite">
        <h2 className="admin-card__title">Progress</h2>
        <progress className="inscribe-progress" max={PROGRESS_STEPS.length - 1} value={progress.step} aria-label="Inscription progress" />
        <ol className="inscribe-steps">
          {PROGRESS_STEPS.map((label, index) => (
            <li
              key={label}
              data-state={index < progress.step ? 'done' : index === progress.step ? (progress.failed ? 'failed' : 'current') : 'todo'}
              aria-current={index === progress.step ? 'step' : undefined}
            >
              {label}
            </li>
          ))}
        </ol>
        <p className={progress.failed ? 'form-banner form-banner--error' : undefined} role={progress.failed ? 'alert' : undefined} data-testid="inscription-progress-detail">
          {progress.detail}
        </p>
        {payment.isError && <p className="field__error">{adminErrorMessage(payment.error, inscriptionMessages.paymentInstructionsFailed)}</p>}
        {revealed && (
          <dl className="admin-dl">
            <dt>Inscription id</dt>
            <dd className="mono" data-testid="inscription-id">
              {revealed}
            </dd>
            {status.data.revealTxid && (
              <>
                <dt>Reveal transaction</dt>
                <dd className="mono">{status.data.revealTxid}</dd>
              </>
            )}
          </dl>
        )}
        {!revealed && status.data.commitTxid && <p className="mono">Commit transaction: {status.data.commitTxid}</p>}
      </div>
    </section>
  );
}

/** A read-only field with a Copy button ('Copied!' for 2 s, as the wallet menu's). */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="field inscribe-copy">
      <label className="field__label" htmlFor={testId}>
        {label}
      </label>
      <div className="admin-inline-form">
        <input id={testId} className="field__input mono" readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid={`${testId}-copy`}
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            )
          }
        >
          {copied === 'yes' ? 'Copied!' : 'Copy'}
        </button>
      </div>
      {copied === 'failed' && <p className="field__error">Failed to copy address to clipboard.</p>}
    </div>
  );
}
