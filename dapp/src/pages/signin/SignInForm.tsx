import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages, signInRedirect, signinBodySchema } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { ApiRequestError } from '../../api/http.ts';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useForm } from '../../forms/use-form.ts';
import { validate } from '../../forms/validate.ts';
import { afterSignInRoute } from '../../session/return-path.ts';
import { useSession } from '../../session/use-session.ts';

interface SignInFormProps {
  initialEmail?: string;
  onForgotPassword: (email: string) => void;
}

/** E-mail and password; where the user lands afterwards follows the spec's sign-in redirect, or goes back to the lot they were bidding on. */
export function SignInForm({ initialEmail = '', onForgotPassword }: SignInFormProps) {
  const form = useForm({ email: initialEmail, password: '' });
  const session = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const signin = useMutation({ mutationFn: authApi.signin });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (signin.isPending) return;
    const result = validate(signinBodySchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    signin.mutate(result.data, {
      onSuccess: (reply) => {
        session.start(reply.token, reply.user);
        notify.success(reply.message, messages.auth.welcomeBack);
        navigate(afterSignInRoute(signInRedirect(reply.user)), { replace: true });
      },
      onError: (error) => {
        notify.failure(error, messages.auth.failedSignin);
        // The api has mailed a fresh code: finish verifying rather than retrying a password that was right.
        if (error instanceof ApiRequestError && error.code === 'email_not_verified' && error.userId) {
          navigate(`/verify-email?userId=${encodeURIComponent(error.userId)}`, { state: { email: result.data.email } });
        }
        if (error instanceof ApiRequestError && error.fields) form.setErrors(error.fields);
      },
    });
  }

  return (
    <form className="form-stack" noValidate onSubmit={submit} data-testid="signin-form">
      <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" testId="signin-email" {...form.text('email')} />
      <PasswordField label="Password" autoComplete="current-password" testId="signin-password" {...form.text('password')} />
      <div className="auth-card__row">
        <button type="button" className="text-link" data-testid="signin-forgot" onClick={() => onForgotPassword(form.values.email)}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={signin.isPending} data-testid="signin-submit">
        {signin.isPending ? 'Signing in…' : 'Sign In'}
      </button>
    </form>
  );
}
