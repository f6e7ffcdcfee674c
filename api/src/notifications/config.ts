/** When bidders and watchers are told a lot ends soon, the key that signs the unsubscribe links in mail, and Web Push. */
import { pushConfig, type PushConfig } from './push-config.ts';

export interface NotificationConfig {
  /**
   * ENDING_SOON_MINUTES (default "60,10"): how long before a lot's end its bidders and watchers are told, in
   * minutes, comma-separated; largest first once read. Empty ("") tells nobody.
   */
  endingSoonMinutes: number[];
  /** UNSUBSCRIBE_SECRET: HMAC key of the unsubscribe links; unset: a random key kept in the data directory (set it in production). */
  unsubscribeSecret: string | undefined;
  push: PushConfig;
}

export function notificationConfig(env: NodeJS.ProcessEnv): NotificationConfig {
  const given = env.ENDING_SOON_MINUTES ?? '60,10';
  const minutes = given
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);
  if (minutes.some((m) => !Number.isInteger(m) || m <= 0)) throw new Error(`ENDING_SOON_MINUTES must be whole minutes separated by commas (e.g. 60,10), not "${given}"`);
  return { endingSoonMinutes: [...new Set(minutes)].sort((a, b) => b - a), unsubscribeSecret: env.UNSUBSCRIBE_SECRET || undefined, push: pushConfig(env) };
}
