import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { paymentMessages, savedCardFormSchema } from '@gavel/domain';
import { TextField } from '../components/form/TextField.tsx';
import { useForm } from '../forms/use-form.ts';
import { validate } from '../forms/validate.ts';
import type { CardDetails } from './card-collector.ts';
import { CardFields } from './CardFields.tsx';

interface CardFormProps {
  onSave: (card: CardDetails) => void;
  busy: boolean;
  initialEmail?: string;
}

/**
 * The spec's saved card form: 16-digit number, MM/YY expiry, 3-digit CVC, optional e-mail and the
 * terms box, with the domain's messages beside each field. The details go to Stripe, never to Gavel's api.
 */
export function CardForm({ onSave, busy, initialEmail = '' }: CardFormProps) {
  const form = useForm({ cardNumber: '', expiry: '', cvc: '', email: initialEmail, acceptTerms: false as boolean });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = validate(savedCardFormSchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    onSave(result.data);
  }

  return (
    <form className="form-stack" noValidate onSubmit={submit} data-testid="card-form">
      <CardFields number={form.field('cardNumber')} expiry={form.field('expiry')} code={form.field('cvc')} testIdPrefix="card" />
      <TextField label="E-mail for receipts (optional)" type="email" inputMode="email" autoComplete="email" testId="card-email" {...form.text('email')} />
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.values.acceptTerms}
            data-testid="card-terms"
            aria-invalid={form.errors.acceptTerms ? true : undefined}
            onChange={(event) => form.set('acceptTerms', event.target.checked)}
          />
          <span>
            I accept the{' '}
            <Link to="/terms-conditions" target="_blank">
              Terms &amp; Conditions
            </Link>{' '}
            and authorise Gavel to place a $1 hold on this card to verify it.
          </span>
        </label>
        {form.errors.acceptTerms && (
          <p className="field__error" data-testid="card-terms-error">
            {form.errors.acceptTerms}
          </p>
        )}
      </div>
      <p className="form-banner" data-testid="card-hold-note">
        {paymentMessages.verificationHold}
      </p>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="card-submit">
        {busy ? 'Saving card…' : 'Save card'}
      </button>
    </form>
  );
}
