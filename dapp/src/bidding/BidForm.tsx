import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { fill, formatAmount, maximumOn, messages, parseAmount, type Lot } from '@gavel/domain';
import { useAppSelector } from '../state/store.ts';
import { allInOf } from '../lots/all-in.ts';
import { useCurrentUser } from '../session/use-current-user.ts';
import { lotAmount } from '../lots/lot-money.ts';
import { useIncreaseBidRequest } from '../notices/increase-bid.ts';
import { AMOUNT_PARAM, forgetBidReturn, returnedAmount } from '../session/return-path.ts';
import { bidTermsOf, checkBidAmount, inputAfterOwnBid, inputForMinimum } from './bid-terms.ts';
import { checkMaximum, useOwnMaximum } from './maximum-bid.ts';
import { MaximumField } from './MaximumField.tsx';

interface BidFormProps {
  lot: Lot;
  /** Why PLACE BID is disabled (wallet missing...), or null. */
  block: string | null;
  busy: boolean;
  /**
   * A valid amount at or above the minimum, in the lot's display unit ("26.00"), and the maximum when one was set
   * (a leader changing theirs sends the price they lead at, which the api leaves as it is).
   */
  onBid: (amount: string, maximum?: string) => void;
  /** What the maximum box says of the ways to pay that take none, instead of the domain's reason (null: nothing). */
  maximumNote?: string | null | undefined;
}

/**
 * The lot page's bid box: a numeric input whose min, step and placeholder ("Minimum: 26.00 USD") follow the
 * domain's table, and PLACE BID. Opened through Increase Bid, it fills in the new minimum and takes focus; back from
 * signing in, it holds the amount typed before; after the bidder's own bid, it moves on to the new minimum. Where
 * the lot takes one, "Set a maximum bid" adds a maximum; the bidder's own maximum is shown to them, and a leader
 * with one may change it without bidding more.
 */
export function BidForm({ lot, block, busy, onBid, maximumNote }: BidFormProps) {
  const terms = bidTermsOf(lot);
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => returnedAmount(params.get(AMOUNT_PARAM)) ?? '');
  const [error, setError] = useState<string | null>(null);
  const [withMaximum, setWithMaximum] = useState(false);
  const [maximumText, setMaximumText] = useState('');
  const [maximumError, setMaximumError] = useState<string | null>(null);
  const ownMaximum = useOwnMaximum(lot._id);
  const offer = maximumOn(lot.paymentMethod);
  // A leader sets or changes a maximum alone: their bid stays at the price it leads at (the domain's proxy rule).
  const changing = withMaximum && ownMaximum.leads && lot.currentBid !== null;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const increase = useIncreaseBidRequest();
  // What the bidder pays in all at the amount typed (or the minimum), when the lot's event charges a buyer's premium.
  const country = useCurrentUser().user?.country;
  const allIn = allInOf(lot, text || terms.minimumText, country);
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
    setWithMaximum(false);
    setMaximumText('');
  }, [ownBid?.count]);

  // The minimum moved above the amount in the box (the bidder was outbid): the box follows it. An amount still at or
  // above the new minimum is the bidder's own choice and stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the minimum moving acts
  useEffect(() => {
    setText((typed) => inputForMinimum(typed, terms));
  }, [terms.minimumText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request acts, see below
  useEffect(() => {
    if (increase === null) return;
    setText(terms.minimumText);
    setError(null);
    input.current?.focus();
    input.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // Only a new request acts; the minimum moving on its own does not overwrite an amount still above it.
  }, [increase]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (block || busy) return;
    if (changing) {
      const price = parseAmount(lot.currentBid!, terms.unit);
      const maximum = checkMaximum(maximumText, price, terms.unit);
      if (!maximum.ok) return setMaximumError(maximum.message);
      setMaximumError(null);
      return onBid(lot.currentBid!, formatAmount(maximum.maximum, terms.unit));
    }
    const checked = checkBidAmount(text, terms);
    const maximum = withMaximum && checked.ok ? checkMaximum(maximumText, checked.amount, terms.unit) : null;
    setError(checked.ok ? null : checked.message);
    setMaximumError(maximum && !maximum.ok ? maximum.message : null);
    if (!checked.ok || (maximum && !maximum.ok)) return;
    onBid(formatAmount(checked.amount, terms.unit), maximum?.ok ? formatAmount(maximum.maximum, terms.unit) : undefined);
  }

  return (
    <form className="bid-form" noValidate onSubmit={submit} data-testid="bid-form">
      {ownMaximum.exceeded && (
        // News about the bidder's bid, not a fault in what they typed: a notice above the box, not a field error.
        <p className="bid-form__notice" role="status" data-testid="own-maximum-exceeded">
          {fill(messages.bids.maximumExceeded, { amount: lotAmount(ownMaximum.exceeded, terms.unit) })}
        </p>
      )}
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
          disabled={Boolean(block) || changing}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn btn--accent bid-form__submit" disabled={Boolean(block) || busy} data-testid="place-bid">
          {busy ? 'PLACING…' : changing ? 'SET MAXIMUM' : 'PLACE BID'}
        </button>
      </div>
      {allIn && (
        <p className="field__hint bid-form__all-in" data-testid="bid-all-in">
          {allIn}
        </p>
      )}
      {ownMaximum.leading && (
        <p className="bid-form__own-maximum" data-testid="own-maximum">
          {fill(messages.bids.yourMaximum, { amount: lotAmount(ownMaximum.leading, terms.unit) })}
        </p>
      )}
      {offer.rails.length > 0 ? (
        <MaximumField
          unit={terms.unit}
          changing={ownMaximum.leading !== null}
          open={withMaximum}
          onOpenChange={(open) => {
            setWithMaximum(open);
            setMaximumError(null);
          }}
          text={maximumText}
          onTextChange={(value) => {
            setMaximumText(value);
            setMaximumError(null);
          }}
          error={maximumError}
          railNote={maximumNote === undefined ? offer.reason : maximumNote}
          allIn={allInOf(lot, maximumText, country)}
          disabled={Boolean(block)}
        />
      ) : (
        <p className="field__hint bid-form__no-maximum" data-testid="no-maximum">
          {offer.reason}
        </p>
      )}
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
