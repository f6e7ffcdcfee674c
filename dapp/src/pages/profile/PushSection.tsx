import { useEffect, useState } from 'react';
import { notificationMessages, PUSH_KINDS, PUSH_PREFERENCE_OF, pushMessages, type PushKind, type PushPreference } from '@gavel/domain';
import { serverMessage } from '../../api/http.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../../api/notifications.ts';
import { isThisDeviceSubscribed, pushSupport, PushSetupError, subscribeThisDevice } from '../../pwa/push-subscription.ts';
import '../../components/form/form.css';

const LABELS: Record<PushKind, string> = {
  outbid: 'When I am outbid',
  maximum_exceeded: 'When my maximum bid is exceeded',
  ending_soon: 'When a lot I bid on or watch ends soon',
  won: 'When I win a lot',
  payment_due: 'When a payment for a lot I won is due soon',
};

/**
 * The profile's push notifications: each kind off until turned on here. Turning the first one on asks the browser
 * for permission and subscribes this device (every device the user turns one on from gets every kind they chose).
 */
export function PushSection() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [pending, setPending] = useState<Partial<Record<PushPreference, boolean>>>({});
  const [status, setStatus] = useState<{ tone: 'saved' | 'error'; text: string } | null>(null);
  const support = pushSupport();
  // The kinds are the account's; each device subscribes on its own (a second phone has to be set up too).
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  useEffect(() => {
    void isThisDeviceSubscribed().then(setSubscribed, () => setSubscribed(false));
  }, []);
  const anyOn = preferences.data ? PUSH_KINDS.some((kind) => preferences.data[PUSH_PREFERENCE_OF[kind]]) : false;

  async function addThisDevice() {
    setStatus(null);
    try {
      await subscribeThisDevice();
      setSubscribed(true);
      setStatus({ tone: 'saved', text: pushMessages.subscribed });
    } catch (error) {
      setStatus({ tone: 'error', text: error instanceof PushSetupError ? error.message : (serverMessage(error) ?? pushMessages.subscribeFailed) });
    }
  }

  async function change(key: PushPreference, value: boolean) {
    if (key in pending) return;
    setPending((current) => ({ ...current, [key]: value }));
    setStatus(null);
    try {
      if (value) {
        await subscribeThisDevice();
        setSubscribed(true);
      }
      const reply = await save.mutateAsync({ [key]: value });
      setStatus({ tone: 'saved', text: value ? `${reply.message}. ${pushMessages.subscribed}` : reply.message });
    } catch (error) {
      const text = error instanceof PushSetupError ? error.message : (serverMessage(error) ?? notificationMessages.preferencesFailed);
      setStatus({ tone: 'error', text });
    } finally {
      setPending(({ [key]: _done, ...rest }) => rest);
    }
  }

  return (
    <section className="account-card" data-testid="profile-push" aria-labelledby="profile-push-title">
      <h2 className="account-card__title" id="profile-push-title">
        Notifications on this device
      </h2>
      <p className="account-card__text">Gavel can notify this phone or computer even when Gavel is not open. Nothing is sent until you choose.</p>
      {support === 'unsupported' && (
        <p className="account-card__text" data-testid="push-unsupported">
          {pushMessages.unsupported}
        </p>
      )}
      {support === 'denied' && (
        <p className="account-card__text" data-testid="push-denied">
          {pushMessages.permissionDenied}
        </p>
      )}
      {preferences.data && support !== 'unsupported' && (
        <fieldset className="profile-notifications__choices">
          <legend className="visually-hidden">Notify this device</legend>
          {PUSH_KINDS.map((kind) => {
            const key = PUSH_PREFERENCE_OF[kind];
            return (
              <div key={key} className="profile-notifications__choice">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name={key}
                    data-testid={`push-${key}`}
                    // The e-mail choices above read the same words: a screen reader must tell the two apart.
                    aria-label={`On this device: ${LABELS[kind]}`}
                    checked={pending[key] ?? preferences.data[key]}
                    aria-disabled={key in pending || undefined}
                    onChange={(event) => void change(key, event.target.checked)}
                  />
                  <span>{LABELS[kind]}</span>
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
      {anyOn && subscribed === false && support !== 'unsupported' && (
        <p className="account-card__text">
          This device does not get them yet.{' '}
          <button type="button" className="btn btn--ghost" data-testid="push-add-device" onClick={() => void addThisDevice()}>
            Notify this device too
          </button>
        </p>
      )}
      <div role="status" aria-live="polite" data-testid="push-status">
        {status && <p className={`form-banner form-banner--${status.tone === 'error' ? 'error' : 'success'}`}>{status.text}</p>}
      </div>
    </section>
  );
}
