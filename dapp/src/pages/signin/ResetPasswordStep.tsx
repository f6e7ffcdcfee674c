import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { messages, resetPasswordBodySchema } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { ApiRequestError } from '../../api/http.ts';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useForm } from '../../forms/use-form.ts';
import { validate } from '../../forms/validate.ts';
import { PASSWORD_HINT } from './SignUpForm.tsx';

/** Step 3 of the reset: the new password, sent with the code (which the api spends here). */
export function ResetPasswordStep({ email, code, onReset }: { email: string; code: string; onReset: () => void }) {
  const form = useForm({ password: '', confirmPassword: '' });
  const notify = useNotify();
  const reset = useMutation({ mutationFn: authApi.resetPassword });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending) return;
    const result = validate(resetPasswordBodySchema, { email, code, ...form.values });
    if (!result.ok) return form.setErrors(result.errors);
    reset.mutate(result.data, {
      onSuccess: (reply) => {
        notify.success(reply.message, messages.auth.passwordReset);
        onReset();
      },
      onError: (error) => {
        notify.failure(error, messages.auth.failedReset);
        if (error instanceof ApiRequestError && error.fields) form.setErrors(error.fields);
      },
    });
  }

  return (
    <form className="form-stack" noValidate onSubmit={submit} data-testid="reset-password-form">
      <PasswordField label="New password" autoComplete="new-password" autoFocus hint={PASSWORD_HINT} testId="reset-password" {...form.text('password')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" testId="reset-confirm-password" {...form.text('confirmPassword')} />
      <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending} data-testid="reset-password-submit">
        {reset.isPending ? 'Saving…' : 'Reset Password'}
      </button>
    </form>
  );
}
