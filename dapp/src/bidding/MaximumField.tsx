import { useId } from 'react';
import { messages, type Unit } from '@gavel/domain';

interface MaximumFieldProps {
  unit: Unit;
  /** The bidder leads with a maximum: the box changes it instead of setting one. */
  changing: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: string;
  onTextChange: (text: string) => void;
  error: string | null;
  /** Why only some ways of paying take a maximum on this lot (a BTC lot: by card), or null. */
  railNote: string | null;
  disabled: boolean;
  /** What the maximum comes to with the buyer's premium ("… with the 25% buyer's premium"), or null when none is charged. */
  allIn?: string | null;
}

/**
 * "Set a maximum bid" beside PLACE BID: a box that opens the maximum's input, with the rule in one line. Gavel then
 * bids for the bidder, one increment at a time, up to it; nobody else ever sees it.
 */
export function MaximumField({ unit, changing, open, onOpenChange, text, onTextChange, error, railNote, disabled, allIn = null }: MaximumFieldProps) {
  const id = useId();
  return (
    <div className="bid-form__maximum" data-testid="maximum-field">
      <label className="bid-form__maximum-toggle">
        <input
          type="checkbox"
          checked={open}
          disabled={disabled}
          aria-controls={`${id}-box`}
          aria-expanded={open}
          data-testid="maximum-toggle"
          onChange={(event) => onOpenChange(event.target.checked)}
        />
        {changing ? 'Change your maximum' : 'Set a maximum bid'}
      </label>
      {open && (
        <div id={`${id}-box`} className="bid-form__maximum-box">
          <label className="field__label" htmlFor={id}>
            {changing ? 'Your new maximum' : 'Your maximum'} ({unit})
          </label>
          <input
            id={id}
            className="field__input"
            type="number"
            inputMode="decimal"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help`}
            data-testid="maximum-input"
            disabled={disabled}
            onChange={(event) => onTextChange(event.target.value)}
          />
          {allIn && (
            <p className="field__hint" data-testid="maximum-all-in">
              {allIn}
            </p>
          )}
          {error ? (
            <p id={`${id}-help`} className="field__error" role="alert" data-testid="maximum-error">
              {error}
            </p>
          ) : (
            <p id={`${id}-help`} className="field__hint">
              {messages.bids.maximumRule}
              {railNote && ` ${railNote}.`}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
