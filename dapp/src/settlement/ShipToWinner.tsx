import { useState, type FormEvent } from 'react';
import { messageWinnerBodySchema, type SettlementRecord } from '@gavel/domain';
import { useMessageWinner } from './settlement-record-api.ts';

/**
 * Where the seller sends a paid USD lot: the winner's name and the address on their profile. Without an address,
 * the seller is told to ask for one, through Gavel.
 */
export function ShipTo({ shipTo }: { shipTo: NonNullable<SettlementRecord['shipTo']> }) {
  const lines = [shipTo.address, [shipTo.city, shipTo.state].filter(Boolean).join(', '), shipTo.postCode, shipTo.country].filter((line): line is string => !!line);
  return (
    <div className="settlement__ship" data-testid="settlement-ship-to">
      <h3 className="settlement__subtitle">Ship to</h3>
      <address>
        {shipTo.name}
        {lines.map((line) => (
          <span key={line}>
            <br />
            {line}
          </span>
        ))}
      </address>
      {!shipTo.address && <p data-testid="settlement-no-address">The winner has no shipping address on their profile yet: write to them below to ask for it.</p>}
    </div>
  );
}

/** A message to the winner, mailed by Gavel: the seller never sees the winner's e-mail address. */
export function MessageWinner({ lotId }: { lotId: string }) {
  const send = useMessageWinner(lotId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = messageWinnerBodySchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    send.mutate(parsed.data, { onSuccess: () => setMessage('') });
  };
  return (
    <form className="settlement__form" onSubmit={submit} noValidate data-testid="message-winner">
      <label className="field__label" htmlFor="message-winner-text">
        Write to the winner through Gavel
      </label>
      <p className="settlement__hint" id="message-winner-hint">
        Gavel mails your message to the winner without showing you their e-mail address; it gives them yours to answer.
      </p>
      <textarea
        id="message-winner-text"
        className="field__input"
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'message-winner-error' : 'message-winner-hint'}
        data-testid="message-winner-text"
      />
      {error && (
        <p id="message-winner-error" className="field__error" role="alert" data-testid="message-winner-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--ghost" disabled={send.isPending} data-testid="message-winner-send">
        {send.isPending ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
