import { Link, useSearchParams } from 'react-router';
import { notificationMessages } from '@gavel/domain';
import { serverMessage } from '../../api/http.ts';
import { useUnsubscribe } from '../../api/notifications.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import '../setup/account.css';
import '../../components/form/form.css';

/**
 * /unsubscribe?token=…, where the unsubscribe link of an outbid, ending-soon or won e-mail leads. Nothing is turned
 * off by opening the page (mail scanners open links too): the button sends the token, and the reply says which
 * e-mails stop. No sign-in is needed; the token names the user.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <div className="page account-page" data-testid="unsubscribe-page">
      <section className="account-card" aria-labelledby="unsubscribe-title">
        <h1 className="page-title" id="unsubscribe-title">
          Unsubscribe
        </h1>
        {!token ? (
          <p className="form-banner form-banner--error" role="alert">
            {notificationMessages.unsubscribeInvalid}
          </p>
        ) : unsubscribe.isSuccess ? (
          // The button that had focus is gone: focus moves to what replaced it, so the keyboard is not left on the page.
          <p className="form-banner form-banner--success" role="status" tabIndex={-1} ref={(element) => element?.focus()} data-testid="unsubscribe-done">
            {unsubscribe.data.message}
          </p>
        ) : (
          <>
            <p className="account-card__text">Stop this kind of e-mail from Gavel? Notices in Gavel itself still show.</p>
            {unsubscribe.isError && (
              <p className="form-banner form-banner--error" role="alert" data-testid="unsubscribe-error">
                {serverMessage(unsubscribe.error) ?? notificationMessages.unsubscribeFailed}
              </p>
            )}
            <button type="button" className="btn btn--primary" data-testid="unsubscribe-confirm" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </>
        )}
        <p className="account-card__text">
          <Link to="/profile">All your e-mail preferences</Link>
        </p>
      </section>
    </div>
  );
}
