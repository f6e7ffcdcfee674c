/** How many requests each client may make: sign-in protection, e-mail codes and the rate-limited routes. */

/** The routes limited per user and per address, each named by the `rateLimit` of its route declarations. */
export const LIMITED_ROUTES = [
  'bids',
  'cardSetup',
  'uploads',
  'walletConnect',
  'inscriptions',
  'subscribe',
  'support',
  'unsubscribe',
  'eventStream',
  'rpc',
  'lookups',
  'payments',
  'passwordChange',
] as const;
export type LimitedRoute = (typeof LIMITED_ROUTES)[number];

/** Requests a minute for one user and for one address (a signed-out caller is counted by address only). */
export interface RouteLimit {
  perUser: number;
  perIp: number;
}

export interface RateLimitConfig {
  /** RATE_SIGNIN_PER_IP: sign-in and sign-up attempts a minute from one address, whatever the account. */
  signinPerIp: number;
  /** RATE_SIGNIN_PER_ACCOUNT: sign-in attempts a minute on one account from one address. */
  signinPerAccount: number;
  /**
   * RATE_SIGNIN_FREE_FAILURES: failed sign-ins on one account, from any addresses, before addresses its owner
   * has not signed in from take turns: one attempt per wait, RATE_SIGNIN_DELAY_S at first, doubling with each
   * further failure up to RATE_SIGNIN_MAX_DELAY_S.
   */
  signinFreeFailures: number;
  signinDelaySeconds: number;
  signinMaxDelaySeconds: number;
  /** RATE_CODES_PER_IP, RATE_CODES_PER_ACCOUNT: e-mail code requests and checks a minute. */
  codesPerIp: number;
  codesPerAccount: number;
  /** RATE_RESET_CODE_FAILURES_PER_DAY: wrong password-reset codes one account may take in 24 hours. */
  resetCodeFailuresPerDay: number;
  /** RATE_VERIFY_CODE_FAILURES_PER_DAY: wrong e-mail verification codes one account may take in 24 hours. */
  verifyCodeFailuresPerDay: number;
  /** RATE_<ROUTE>_PER_USER and RATE_<ROUTE>_PER_IP, a minute each. */
  routes: Record<LimitedRoute, RouteLimit>;
}

/** Each limited route's environment name and defaults: generous enough for a bidding war from one office. */
const ROUTE_DEFAULTS: Record<LimitedRoute, { env: string } & RouteLimit> = {
  bids: { env: 'BIDS', perUser: 60, perIp: 600 },
  cardSetup: { env: 'CARD_SETUP', perUser: 10, perIp: 30 },
  uploads: { env: 'UPLOADS', perUser: 30, perIp: 60 },
  walletConnect: { env: 'WALLET_CONNECT', perUser: 20, perIp: 60 },
  inscriptions: { env: 'INSCRIPTIONS', perUser: 10, perIp: 30 },
  subscribe: { env: 'SUBSCRIBE', perUser: 5, perIp: 10 },
  // People write to support now and then; a script would fill the admins' list and mail strangers (the
  // acknowledgement, without the sender's words, goes to whatever address was typed).
  support: { env: 'SUPPORT', perUser: 3, perIp: 5 },
  // A person clicks a mail's link now and then; a script trying tokens is slowed down.
  unsubscribe: { env: 'UNSUBSCRIBE', perUser: 10, perIp: 30 },
  eventStream: { env: 'EVENTS', perUser: 30, perIp: 120 },
  // The dapp's chain reads through /rpc, counted by address only (the calls carry no session): a page polls a
  // receipt every second or so while a transaction is mined, and reads balances and prices now and then.
  rpc: { env: 'RPC', perUser: 600, perIp: 600 },
  // Reads answered by asking a paid outside service each time (Esplora, ord, the Ethereum node): a page polls a
  // status every few seconds, a script asking for random ids would run up the bill.
  lookups: { env: 'LOOKUPS', perUser: 60, perIp: 300 },
  // Each request creates or moves a Stripe payment (an intent, a hold, a capture): a person pays now and then.
  payments: { env: 'PAYMENTS', perUser: 10, perIp: 30 },
  // A person changes their password now and then; a stolen session guessing the current one is slowed down.
  passwordChange: { env: 'PASSWORD_CHANGE', perUser: 5, perIp: 20 },
};

export function rateLimitConfig(env: NodeJS.ProcessEnv): RateLimitConfig {
  const routes = Object.fromEntries(
    LIMITED_ROUTES.map((name) => {
      const d = ROUTE_DEFAULTS[name];
      return [name, { perUser: Number(env[`RATE_${d.env}_PER_USER`] ?? d.perUser), perIp: Number(env[`RATE_${d.env}_PER_IP`] ?? d.perIp) }];
    }),
  ) as Record<LimitedRoute, RouteLimit>;
  return {
    signinPerIp: Number(env.RATE_SIGNIN_PER_IP ?? 30),
    signinPerAccount: Number(env.RATE_SIGNIN_PER_ACCOUNT ?? 10),
    signinFreeFailures: Number(env.RATE_SIGNIN_FREE_FAILURES ?? 10),
    signinDelaySeconds: Number(env.RATE_SIGNIN_DELAY_S ?? 1),
    signinMaxDelaySeconds: Number(env.RATE_SIGNIN_MAX_DELAY_S ?? 60),
    codesPerIp: Number(env.RATE_CODES_PER_IP ?? 30),
    codesPerAccount: Number(env.RATE_CODES_PER_ACCOUNT ?? 10),
    resetCodeFailuresPerDay: Number(env.RATE_RESET_CODE_FAILURES_PER_DAY ?? 20),
    verifyCodeFailuresPerDay: Number(env.RATE_VERIFY_CODE_FAILURES_PER_DAY ?? 20),
    routes,
  };
}
