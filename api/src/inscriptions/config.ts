/** Inscription settings from the environment (POST /inscriptions/create and its payment watcher). */
export interface InscriptionConfig {
  /** INSCRIPTION_KEY_SECRET: reveal keys derive from it; unset, a random one kept in .data/inscription-key-secret. */
  keySecret: string | undefined;
  /** INSCRIPTION_PAYMENT_CONFIRMATIONS: 0 reveals on a mempool payment, 1 (default) waits for one block. */
  paymentConfirmations: 0 | 1;
  /** INSCRIPTION_WATCH_MS: how often the job asks Esplora about unpaid commits and unconfirmed reveals (10 s). */
  watchEveryMs: number;
  /** INSCRIPTION_EXPIRY_HOURS: how long a request waits for its payment before it expires (24). */
  expiryMs: number;
  /**
   * INSCRIPTION_LATE_PAYMENT_HOURS: how long after expiring a request is still watched (72). A payment sent to
   * an expired commit address is the user's money, and only Gavel can spend it, so one arriving in this time
   * is still inscribed; one arriving later stays visible on the request's payment status.
   */
  latePaymentMs: number;
  /** INSCRIPTION_OPEN_PER_USER: requests one user may have waiting for payment at once (5). */
  openPerUser: number;
  /**
   * IPFS_GATEWAY_URL: the public https gateway POST /inscriptions/ipfs-to-gateway answers with (default
   * https://ipfs.io). Not the one lot images are shown through (IMAGE_GATEWAY_URL, storage/config.ts).
   */
  ipfsGateway: string;
}

const HOUR_MS = 3_600_000;

export function inscriptionConfig(env: NodeJS.ProcessEnv): InscriptionConfig {
  const confirmations = env.INSCRIPTION_PAYMENT_CONFIRMATIONS ?? '1';
  if (confirmations !== '0' && confirmations !== '1') throw new Error(`INSCRIPTION_PAYMENT_CONFIRMATIONS must be 0 or 1, not ${confirmations}`);
  return {
    keySecret: env.INSCRIPTION_KEY_SECRET || undefined,
    paymentConfirmations: confirmations === '1' ? 1 : 0,
    watchEveryMs: Number(env.INSCRIPTION_WATCH_MS ?? 10_000),
    expiryMs: Number(env.INSCRIPTION_EXPIRY_HOURS ?? 24) * HOUR_MS,
    latePaymentMs: Number(env.INSCRIPTION_LATE_PAYMENT_HOURS ?? 72) * HOUR_MS,
    openPerUser: Number(env.INSCRIPTION_OPEN_PER_USER ?? 5),
    ipfsGateway: env.IPFS_GATEWAY_URL || 'https://ipfs.io',
  };
}
