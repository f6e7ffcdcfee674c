import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { changePasswordBodySchema, messages } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { ApiRequestError } from '../../api/http.ts';
import { AuthLayout } from '../../components/auth-layout/AuthLayout.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { KeyIcon } from '../../components/icons/icons.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useForm } from '../../forms/use-form.ts';
import { validate } from '../../forms/validate.ts';
import { useSession } from '../../session/use-session.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { PASSWORD_HINT } from '../signin/SignUpForm.tsx';

/**
 * /change-password, shown as Reset Password. The api revokes every earlier token and returns a
 * new one, which replaces the stored session so this tab stays signed in while all others are signed out.
 */
export function ChangePasswordPage() {
  useDocumentTitle('Reset Password');
  const form = useForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const session = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const change = useMutation({ mutationFn: authApi.changePassword });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const result = validate(changePasswordBodySchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    change.mutate(result.data, {
      onSuccess: (reply) => {
        session.start(reply.token, reply.user);
        notify.success(reply.message, messages.auth.passwordUpdated);
        navigate('/profile');
      },
      onError: (error) => {
        notify.failure(error, messages.auth.failedUpdatePassword);
        if (error instanceof ApiRequestError && error.fields) form.setErrors(error.fields);
      },
    });
  }

  return (
    <AuthLayout>
      <div className="auth-card" data-testid="change-password">
        <span className="auth-card__icon">
          <KeyIcon width={24} height={24} />
        </span>
        <header className="auth-card__head">
          <h1 className="auth-card__title">Reset Password</h1>
          <p className="auth-card__lead">Changing your password signs you out on every other device.</p>
        </header>
        <form className="form-stack" noValidate onSubmit={submit} data-testid="change-password-form">
          <PasswordField label="Current password" autoComplete="current-password" testId="current-password" {...form.text('currentPassword')} />
          <PasswordField label="New password" autoComplete="new-password" hint={PASSWORD_HINT} testId="new-password" {...form.text('newPassword')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" testId="confirm-password" {...form.text('confirmPassword')} />
          <button type="submit" className="btn btn--primary btn--block" disabled={change.isPending} data-testid="change-password-submit">
            {change.isPending ? 'Updating…' : 'Update Password'}
          </button>
        </form>
        <p className="auth-card__foot">
          <Link to="/profile">Back to profile</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
