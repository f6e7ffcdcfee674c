/**
 * The api client has no router or store; when an authenticated call comes back 401, the expiry it was given at
 * start-up (app/api-auth.ts) announces it here and the app's SessionExpiryWatcher signs out and returns to /signin.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function announceSessionExpired(): void {
  for (const listener of listeners) listener();
}
