import { Navigate, useSearchParams } from 'react-router';
import { messages, signInRedirect } from '@gavel/domain';
import { AuthLayout } from '../../components/auth-layout/AuthLayout.tsx';
import { AlertIcon } from '../../components/icons/icons.tsx';
import { afterSignInRoute } from '../../session/return-path.ts';
import { useCurrentUser } from '../../session/use-current-user.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { ForgotPassword } from './ForgotPassword.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

type Mode = 'signin' | 'signup' | 'forgot';

const titles: Record<Mode, string> = { signin: 'Sign In', signup: 'Sign Up', forgot: 'Reset Password' };

/**
 * /signin: sign in, sign up and password reset in the split-screen layout. The mode lives in the address
 * (`?mode=signup`), so "Create an account" links and the back button work; `?error=unauthorized` says why a
 * session ended.
 */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : params.get('mode') === 'forgot' ? 'forgot' : 'signin';
  const email = params.get('email') ?? '';
  const { user } = useCurrentUser();
  useDocumentTitle(titles[mode]);

  // Someone already signed in has nothing to do here: send them where signing in would.
  if (user) return <Navigate to={afterSignInRoute(signInRedirect(user))} replace />;

  const go = (next: Mode, nextEmail = '') => setParams(nextEmail ? { mode: next, email: nextEmail } : { mode: next }, { replace: next !== 'forgot' });

  return (
    <AuthLayout>
      {mode === 'forgot' ? (
        <ForgotPassword initialEmail={email} onDone={(address) => go('signin', address)} />
      ) : (
        <div className="auth-card" data-testid="signin-page" data-mode={mode}>
          <header className="auth-card__head">
            <h1 className="auth-card__title" data-testid="signin-title">
              {mode === 'signup' ? 'Create your account' : 'Welcome back'}
            </h1>
            <p className="auth-card__lead">{mode === 'signup' ? 'Join Gavel to bid on rare inscriptions, NFTs and collectibles.' : 'Sign in to bid, follow your lots and manage your account.'}</p>
          </header>
          {params.get('error') === 'unauthorized' && (
            <p className="form-banner form-banner--error" role="alert" data-testid="signin-unauthorized">
              <AlertIcon width={18} height={18} /> {messages.auth.sessionExpired}
            </p>
          )}
          <div className="auth-tabs" role="tablist" aria-label="Account">
            <button type="button" role="tab" className="auth-tabs__tab" aria-selected={mode === 'signin'} data-testid="tab-signin" onClick={() => go('signin')}>
              Sign In
            </button>
            <button type="button" role="tab" className="auth-tabs__tab" aria-selected={mode === 'signup'} data-testid="tab-signup" onClick={() => go('signup')}>
              Sign Up
            </button>
          </div>
          <div role="tabpanel">{mode === 'signin' ? <SignInForm key={email} initialEmail={email} onForgotPassword={(address) => go('forgot', address)} /> : <SignUpForm />}</div>
        </div>
      )}
    </AuthLayout>
  );
}
