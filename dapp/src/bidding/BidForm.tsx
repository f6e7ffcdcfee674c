import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatAmount, type Lot } from '@gavel/domain';
import { useAppSelector } from '../app/store.ts';
import { lotAmount } from '../lots/lot-money.ts';
import { useIncreaseBidRequest } from '../notices/increase-bid.ts';
import { AMOUNT_PARAM, forgetBidReturn, returnedAmount } from '../session/return-path.ts';
import { bidTermsOf, checkBidAmount, inputAfterOwnBid } from './bid-terms.ts';

interface BidFormProps {
  lot: Lot;
  /** Why PLACE BID is disabled (wallet missing...), or null. */
  block: string | null;
  busy: boolean;
  /** A valid amount at or above the minimum, in the lot's display unit ("26.00"). */
  onBid: (amount: string) => void;
}

/**
 * The lot page's bid box: a numeric input whose min, step and placeholder ("Minimum: 26.00 USD") follow the
 * domain's table, and PLACE BID. Opened through Increase Bid, it fills in the new minimum and takes focus; back from
 * signing in, it holds the amount typed before; after the bidder's own bid, it moves on to the new minimum.
 */
export function BidForm({ lot, block, busy, onBid }: BidFormProps) {
  const terms = bidTermsOf(lot);
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => returnedAmount(params.get(AMOUNT_PARAM)) ?? '');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const increase = useIncreaseBidRequest();
  const ownBid = useAppSelector((state) => state.ownBids[lot._id]);
  const ownBidsSeen = useRef(ownBid?.count ?? 0);

  // Back on the lot the bidder was sent away from: the return is used up, and the amount leaves the address (a reload
  // or a shared link must not fill it in again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    forgetBidReturn();
    if (!params.has(AMOUNT_PARAM)) return;
    const rest = new URLSearchParams(params);
    rest.delete(AMOUNT_PARAM);
    setParams(rest, { replace: true });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new bid of the bidder's own acts, not the lot moving
  useEffect(() => {
    if (!ownBid || ownBid.count === ownBidsSeen.current) return;
    ownBidsSeen.current = ownBid.count;
    setText(inputAfterOwnBid(lot, ownBid.amount));
    setError(null);
  }, [ownBid?.count]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request acts, see below
  useEffect(() => {
    if (increase === null) return;
    setText(terms.minimumText);
    setError(null);
    input.current?.focus();
    input.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // Only a new request acts; the minimum moving on its own must not overwrite what the bidder typed.
  }, [increase]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (block || busy) return;
    const checked = checkBidAmount(text, terms);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    onBid(formatAmount(checked.amount, terms.unit));
  }

  return (
    <form className="bid-form" noValidate onSubmit={submit} data-testid="bid-form">
      <label className="field__label" htmlFor={id}>
        Your bid ({terms.unit})
      </label>
      <div className="bid-form__row">
        <input
          ref={input}
          id={id}
          className="field__input bid-form__input"
          type="number"
          inputMode="decimal"
          min={terms.minimumText}
          step={terms.step}
          placeholder={terms.placeholder}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help`}
          data-testid="bid-input"
          disabled={Boolean(block)}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn btn--accent bid-form__submit" disabled={Boolean(block) || busy} data-testid="place-bid">
          {busy ? 'PLACING…' : 'PLACE BID'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-help`} className="field__error" role="alert" data-testid="bid-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="field__hint">
          {block ?? (
            <>
              Enter {lotAmount(terms.minimumText, terms.unit)} or more.{' '}
              <button type="button" className="bid-form__fill" data-testid="bid-fill-minimum" onClick={() => setText(terms.minimumText)}>
                Bid the minimum
              </button>
            </>
          )}
        </p>
      )}
    </form>
  );
}
