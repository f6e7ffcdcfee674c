import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages, signupBodySchema } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { ApiRequestError } from '../../api/http.ts';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useForm } from '../../forms/use-form.ts';
import { validate } from '../../forms/validate.ts';

export const PASSWORD_HINT = 'At least 8 characters, with a letter and a number.';

/** Creates the account, then sends the user to enter the code mailed to them. */
export function SignUpForm() {
  const form = useForm({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const notify = useNotify();
  const navigate = useNavigate();
  const signup = useMutation({ mutationFn: authApi.signup });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (signup.isPending) return;
    const result = validate(signupBodySchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    signup.mutate(result.data, {
      onSuccess: (reply) => {
        notify.success(reply.message, messages.auth.accountCreated);
        navigate(`/verify-email?userId=${encodeURIComponent(reply.userId)}`, { state: { email: result.data.email } });
      },
      onError: (error) => {
        notify.failure(error, messages.auth.failedSignup);
        if (error instanceof ApiRequestError && error.fields) form.setErrors(error.fields);
      },
    });
  }

  return (
    <form className="form-stack" noValidate onSubmit={submit} data-testid="signup-form">
      <div className="form-row">
        <TextField label="First name" autoComplete="given-name" testId="signup-first-name" {...form.text('firstName')} />
        <TextField label="Last name" autoComplete="family-name" testId="signup-last-name" {...form.text('lastName')} />
      </div>
      <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" testId="signup-email" {...form.text('email')} />
      <PasswordField label="Password" autoComplete="new-password" hint={PASSWORD_HINT} testId="signup-password" {...form.text('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" testId="signup-confirm-password" {...form.text('confirmPassword')} />
      <button type="submit" className="btn btn--primary btn--block" disabled={signup.isPending} data-testid="signup-submit">
        {signup.isPending ? 'Creating account…' : 'Create Account'}
      </button>
      <p className="auth-card__foot">
        By creating an account you agree to our <Link to="/terms-conditions">Terms &amp; Conditions</Link> and <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </form>
  );
}
