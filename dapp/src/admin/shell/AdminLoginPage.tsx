import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { messages } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { serverMessage } from '../../api/http.ts';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { AlertIcon } from '../../components/icons/icons.tsx';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { readAdminToken, writeAdminToken } from '../../session/admin-token.ts';

/** Said when a session ended with ?error=unauthorized (the spec leaves the text open). */
export const ADMIN_LOGIN_UNAUTHORIZED = 'Your admin session has ended or you are not authorized. Please sign in with an admin account.';

/**
 * /s/admin/login: signs in through /auth/signin and keeps the token as the separate admin token, for admins
 * only. Another role's token is never stored here; that account goes to /unauthorized (the guard's wrong-role
 * state).
 */
export function AdminLoginPage() {
  useDocumentTitle('Admin Login');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (readAdminToken() && !params.get('error')) return <Navigate to="/s/admin" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(!email.trim() ? 'Email is required' : messages.auth.passwordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await authApi.signin({ email: email.trim(), password });
      if (reply.user.role !== 'admin') {
        await navigate('/unauthorized', { replace: true });
        return;
      }
      writeAdminToken(reply.token);
      await navigate('/s/admin', { replace: true });
    } catch (failure) {
      setError(serverMessage(failure) ?? messages.auth.failedSignin);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-login">
      <form className="admin-login__card" onSubmit={(event) => void submit(event)} noValidate data-testid="admin-login">
        <h1 className="admin-login__title">Admin Login</h1>
        <p className="admin-login__lead">Sign in with your Gavel admin account.</p>
        {params.get('error') === 'unauthorized' && (
          <p className="form-banner form-banner--error" role="alert" data-testid="admin-login-unauthorized">
            <AlertIcon width={18} height={18} /> {ADMIN_LOGIN_UNAUTHORIZED}
          </p>
        )}
        {error && (
          <p className="form-banner form-banner--error" role="alert" data-testid="admin-login-error">
            {error}
          </p>
        )}
        <TextField label="Email" type="email" autoComplete="username" testId="admin-login-email" value={email} onChange={(event) => setEmail(event.target.value)} />
        <PasswordField label="Password" autoComplete="current-password" testId="admin-login-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="admin-login-submit">
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </div>
  );
}
