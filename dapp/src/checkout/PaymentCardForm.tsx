import type { FormEvent, ReactNode } from 'react';
import { alternativeCardFormSchema } from '@gavel/domain';
import { TextField } from '../components/form/TextField.tsx';
import { useForm } from '../forms/use-form.ts';
import { validate } from '../forms/validate.ts';
import type { CardDetails } from '../payment/card-collector.ts';
import { CardFields } from '../payment/CardFields.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

interface PaymentCardFormProps {
  /** The pay button's words ("Pay $25.00"). */
  submitLabel: string;
  busy: boolean;
  onPay: (card: CardDetails) => void;
  /** The receipt's address to start with; by default the signed-in user's, which they may change. */
  initialEmail?: string;
  children?: ReactNode;
}

/**
 * The spec's alternative card form, for paying now: the card number, MM/YY, CVC (the domain's card rules, as on the
 * saved card form), the cardholder's name and an e-mail for the receipt, each with the domain's message.
 */
export function PaymentCardForm({ submitLabel, busy, onPay, initialEmail, children }: PaymentCardFormProps) {
  const { user } = useCurrentUser();
  const form = useForm({ cardNumber: '', expiry: '', cvc: '', cardholderName: '', email: initialEmail ?? user?.email ?? '' });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = validate(alternativeCardFormSchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    onPay(result.data);
  }

  return (
    <form className="form-stack pay-card-form" noValidate onSubmit={submit} data-testid="pay-card-form">
      <CardFields number={form.field('cardNumber')} expiry={form.field('expiry')} code={form.field('cvc')} testIdPrefix="pay-card" />
      <TextField label="Cardholder name" autoComplete="cc-name" testId="pay-card-name" {...form.text('cardholderName')} />
      <TextField label="E-mail for the receipt" type="email" inputMode="email" autoComplete="email" testId="pay-card-email" {...form.text('email')} />
      {children}
      <button type="submit" className="btn btn--accent btn--block" disabled={busy} data-testid="pay-submit">
        {busy ? 'Processing…' : submitLabel}
      </button>
    </form>
  );
}
