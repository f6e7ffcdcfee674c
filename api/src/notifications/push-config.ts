/**
 * Web Push settings. The VAPID key pair signs every push request (RFC 8292), so that a push service delivers to a
 * subscription only what the server that made it sends; the public key is also each browser's applicationServerKey.
 * In production all three VAPID settings are required (production-check.ts); in development a pair is made once and
 * kept in the data directory (push-keys.ts), so browsers' subscriptions survive a restart.
 */

/** The push services of the browsers people use: a subscription elsewhere would make the api post to any address. */
export const KNOWN_PUSH_SERVICES = ['https://fcm.googleapis.com', 'https://updates.push.services.mozilla.com', 'https://web.push.apple.com', '*.notify.windows.com'];

export interface PushConfig {
  /** VAPID_PUBLIC_KEY (base64url, an uncompressed P-256 point); unset: the development pair kept in the data directory. */
  vapidPublicKey: string | undefined;
  /** VAPID_PRIVATE_KEY (base64url, 32 bytes): never leaves the server. */
  vapidPrivateKey: string | undefined;
  /** VAPID_SUBJECT: how a push service reaches the sender (mailto:ops@… or an https:// page); unset outside production: mailto:dev@gavel.invalid. */
  vapidSubject: string;
  /**
   * PUSH_SERVICES (comma-separated origins, `*.host` for any subdomain): the push services a subscription may name;
   * default the browsers' own (KNOWN_PUSH_SERVICES). The test stand-in's http origin is added here.
   */
  services: string[];
  /** PUSH_SERVICE_CA_FILE: a PEM certificate trusted for push services alone (the development stand-in's); refused in production. */
  serviceCaFile: string | undefined;
  /** PUSH_TTL_SECONDS (default 3600): how long a push service keeps a push for a device that is offline. */
  ttlSeconds: number;
  /** PUSH_PAYMENT_DUE_LEAD_MINUTES (default 720): a won lot still unpaid this long before its deadline is pushed as payment due. */
  paymentDueLeadMs: number;
  /** PUSH_PAYMENT_DUE_SWEEP_MS (default 60000; 0: never): how often lots nearing their payment deadline are looked for. */
  paymentDueSweepMs: number;
}

export function pushConfig(env: NodeJS.ProcessEnv): PushConfig {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${env[name]}"`);
    return value;
  };
  return {
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || (env.NODE_ENV === 'production' ? '' : 'mailto:dev@gavel.invalid'),
    services: env.PUSH_SERVICES
      ? env.PUSH_SERVICES.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : KNOWN_PUSH_SERVICES,
    serviceCaFile: env.PUSH_SERVICE_CA_FILE || undefined,
    ttlSeconds: number('PUSH_TTL_SECONDS', 3600),
    paymentDueLeadMs: number('PUSH_PAYMENT_DUE_LEAD_MINUTES', 720) * 60_000,
    paymentDueSweepMs: number('PUSH_PAYMENT_DUE_SWEEP_MS', 60_000),
  };
}

/** True when `endpoint` is on one of the allowed push services (exact origin, or `*.host` for its subdomains). */
export function isAllowedPushService(endpoint: string, services: string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  return services.some((service) => {
    if (service.startsWith('*.')) return url.protocol === 'https:' && url.hostname.endsWith(service.slice(1));
    return URL.canParse(service) && new URL(service).origin === url.origin;
  });
}
