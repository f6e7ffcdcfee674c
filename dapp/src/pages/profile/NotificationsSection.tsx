import { useState } from 'react';
import { notificationMessages, type NotificationPreferences } from '@gavel/domain';
import { serverMessage } from '../../api/http.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../../api/notifications.ts';
import '../../components/form/form.css';

type Preference = keyof NotificationPreferences;

const CHOICES: Array<{ key: Preference; label: string; hint: string }> = [
  { key: 'emailOutbid', label: 'When I am outbid', hint: 'An e-mail the moment another bid beats yours.' },
  { key: 'emailEndingSoon', label: 'When a lot I bid on or watch ends soon', hint: 'An e-mail shortly before the end (an hour and ten minutes before, unless Gavel has set other times).' },
  { key: 'emailWon', label: 'When I win a lot paid by card hold', hint: 'A win you still have to pay for is always e-mailed, with the deadline.' },
];

/**
 * The profile's e-mail preferences: each box saves as soon as it is changed, and says so. The notices in the
 * dapp itself (the bell, the cards) always show; these decide only what is also e-mailed.
 */
export function NotificationsSection() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // The box just changed shows its new state while it saves; a refused save puts it back.
  const [pending, setPending] = useState<Partial<NotificationPreferences>>({});
  const [status, setStatus] = useState<{ tone: 'saved' | 'error'; text: string } | null>(null);

  function change(key: Preference, value: boolean) {
    // A box still saving ignores clicks; it is not disabled, so keyboard focus stays on it.
    if (key in pending) return;
    setPending((current) => ({ ...current, [key]: value }));
    setStatus(null);
    save.mutate(
      { [key]: value },
      {
        onSuccess: (reply) => setStatus({ tone: 'saved', text: reply.message }),
        onError: (error) => setStatus({ tone: 'error', text: serverMessage(error) ?? notificationMessages.preferencesFailed }),
        onSettled: () =>
          setPending((current) => {
            const { [key]: _done, ...rest } = current;
            return rest;
          }),
      },
    );
  }

  return (
    <section className="account-card" data-testid="profile-notifications" aria-labelledby="profile-notifications-title">
      <h2 className="account-card__title" id="profile-notifications-title">
        Notifications
      </h2>
      <p className="account-card__text">Choose which e-mails we send you. Notices in Gavel itself always show.</p>
      {preferences.isPending && (
        <div aria-busy="true" data-testid="notifications-loading">
          {CHOICES.map(({ key }) => (
            <span key={key} className="skeleton skeleton--line" />
          ))}
        </div>
      )}
      {preferences.isError && (
        <p className="account-card__text profile-wallets__error" role="alert" data-testid="notifications-load-error">
          {notificationMessages.preferencesLoadFailed}{' '}
          <button type="button" className="btn btn--ghost" onClick={() => void preferences.refetch()}>
            Try again
          </button>
        </p>
      )}
      {preferences.data && (
        <fieldset className="profile-notifications__choices">
          <legend className="visually-hidden">E-mail me</legend>
          {CHOICES.map(({ key, label, hint }) => (
            <div key={key} className="profile-notifications__choice">
              <label className="checkbox">
                <input
                  type="checkbox"
                  name={key}
                  data-testid={`notify-${key}`}
                  checked={pending[key] ?? preferences.data[key]}
                  aria-disabled={key in pending || undefined}
                  aria-describedby={`${key}-hint`}
                  onChange={(event) => change(key, event.target.checked)}
                />
                <span>{label}</span>
              </label>
              <p className="field__hint" id={`${key}-hint`}>
                {hint}
              </p>
            </div>
          ))}
        </fieldset>
      )}
      <div role="status" aria-live="polite" data-testid="notifications-status">
        {status && <p className={`form-banner form-banner--${status.tone === 'error' ? 'error' : 'success'}`}>{status.text}</p>}
      </div>
    </section>
  );
}
