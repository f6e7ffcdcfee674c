import { useState, type FormEvent } from 'react';
import { forgotPasswordBodySchema } from '@gavel/domain';
import { TextField } from '../../components/form/TextField.tsx';
import { useForm } from '../../forms/use-form.ts';
import { validate } from '../../forms/validate.ts';

/** Step 1 of the reset: the account's e-mail. The api answers alike for unknown addresses, and so do we. */
export function ResetEmailStep({ initialEmail, onSend }: { initialEmail: string; onSend: (email: string) => Promise<void> }) {
  const form = useForm({ email: initialEmail });
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const result = validate(forgotPasswordBodySchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    setSending(true);
    try {
      await onSend(result.data.email);
    } catch {
      // toasted by the flow; the form stays for another try
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form-stack" noValidate onSubmit={(event) => void submit(event)} data-testid="reset-email-form">
      <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" autoFocus testId="reset-email" {...form.text('email')} />
      <button type="submit" className="btn btn--primary btn--block" disabled={sending} data-testid="reset-email-submit">
        {sending ? 'Sending…' : 'Send Reset Code'}
      </button>
    </form>
  );
}
