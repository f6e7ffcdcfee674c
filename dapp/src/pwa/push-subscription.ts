/**
 * This browser's Web Push subscription: made through the service worker's PushManager with the server's public
 * VAPID key, and handed to the api, which then sends this device the kinds of notice the user turned on. Only the
 * production build registers the worker, so development has no push.
 */
import { pushMessages, type PushPublicKeyReply, type PushSubscriptionReply } from '@gavel/domain';
import { apiRequest } from '../api/http.ts';

export type PushSupport = 'unsupported' | NotificationPermission;

/** Whether this browser can get pushes here, and what the user said when asked ('default': not asked yet). */
export function pushSupport(): PushSupport {
  const capable = import.meta.env.PROD && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return capable ? Notification.permission : 'unsupported';
}

/** Why this device could not be subscribed, in the words the preferences page shows. */
export class PushSetupError extends Error {
  override name = 'PushSetupError';
}

/**
 * Asks for permission (a browser asks once, on a click), subscribes with the server's key and registers the
 * subscription with the api. A subscription made with another key (the server's pair was replaced) is renewed.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (pushSupport() === 'unsupported') throw new PushSetupError(pushMessages.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(pushMessages.permissionDenied);
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest<PushPublicKeyReply>('/push/public-key', { token: null });
  const serverKey = fromBase64url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  } catch (error) {
    throw new PushSetupError(`${pushMessages.subscribeFailed} (${(error as Error).message})`);
  }
  await apiRequest<PushSubscriptionReply>('/me/push-subscriptions', { method: 'PUT', body: subscription.toJSON() });
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === expected.length && bytes.every((byte, i) => byte === expected[i]);
}

/** Whether this browser holds a push subscription now (false where push is unsupported). */
export async function isThisDeviceSubscribed(): Promise<boolean> {
  if (pushSupport() !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}
