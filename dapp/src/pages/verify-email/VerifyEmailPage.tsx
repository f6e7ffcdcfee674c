import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages, signInRedirect } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { ApiRequestError } from '../../api/http.ts';
import { AuthLayout } from '../../components/auth-layout/AuthLayout.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { MailIcon } from '../../components/icons/icons.tsx';
import { CodeEntry } from '../../components/otp/CodeEntry.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { afterSignInRoute } from '../../session/return-path.ts';
import { useSession } from '../../session/use-session.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/**
 * /verify-email?userId=: the 6-digit code from the sign-up (or unverified sign-in) mail. A right code signs the
 * user in, and they go on as after any sign-in.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const [params] = useSearchParams();
  const userId = params.get('userId');
  // The address is passed along in history state only: it never sits in the URL or the server's logs.
  const email = (useLocation().state as { email?: string } | null)?.email;
  const session = useSession();
  const notify = useNotify();
  const navigate = useNavigate();

  if (!userId) {
    return (
      <AuthLayout>
        <EmptyState
          testId="verify-email-missing"
          icon={<MailIcon width={26} height={26} />}
          title="This link is incomplete"
          description="Sign in with your e-mail and password and we will send you a new verification code."
          action={
            <Link to="/signin" className="btn btn--primary">
              Go to Sign In
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  async function verify(code: string) {
    try {
      const reply = await authApi.verifyEmail({ userId: userId!, code });
      session.start(reply.token, reply.user);
      notify.success(reply.message, messages.auth.emailVerified);
      navigate(afterSignInRoute(signInRedirect(reply.user)), { replace: true });
    } catch (error) {
      notify.failure(error, messages.auth.failedVerify);
      // Verified meanwhile (another tab, an older link): the code is no longer needed, the password is.
      if (error instanceof ApiRequestError && error.code === 'already_verified') navigate('/signin', { replace: true });
      throw error;
    }
  }

  async function resend() {
    try {
      const reply = await authApi.resendCode(userId!);
      notify.success(reply.message, messages.auth.codeSent);
    } catch (error) {
      notify.failure(error, messages.auth.failedResend);
      throw error;
    }
  }

  return (
    <AuthLayout>
      <div className="auth-card" data-testid="verify-email">
        <span className="auth-card__icon">
          <MailIcon width={26} height={26} />
        </span>
        <header className="auth-card__head">
          <h1 className="auth-card__title">Verify your e-mail</h1>
          <p className="auth-card__lead">Enter the 6-digit code we sent to {email ? <strong data-testid="verify-email-address">{email}</strong> : 'your e-mail address'}. It expires in 10 minutes.</p>
        </header>
        <CodeEntry testId="verify-code" onSubmit={verify} onResend={resend} />
        <p className="auth-card__foot">
          Wrong address? <Link to="/signin?mode=signup">Create the account again</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
