/** Everything the api reads from the environment, with the embedded defaults `npm start` runs on. */
import { logFormatOf, type LogFormat } from './logger.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseSettings, dataDirOf, type DatabaseSettings } from './db/config.ts';
import { stripeConfig, type StripeConfig } from './payments/config.ts';
import type { ChainConfig } from './chain/index.ts';
import { bitcoinConfig, type BitcoinConfig } from './bitcoin/config.ts';
import { walletConfig, type WalletConfig } from './wallet/config.ts';
import { relayerConfig, type RelayerConfig } from './relayer/config.ts';
import { inscriptionConfig, type InscriptionConfig } from './inscriptions/config.ts';
import { storageConfig, type StorageConfig } from './storage/config.ts';
import { rateLimitConfig, type RateLimitConfig } from './http/rate-limit-config.ts';
import { unpaidConfig, type UnpaidConfig } from './payments/unpaid-config.ts';
import { priceConfig, type PriceConfig } from './prices/config.ts';
import { notificationConfig, type NotificationConfig } from './notifications/config.ts';
import { vaultConfig, type VaultConfig } from './bitcoin/vault/config.ts';
import { houseConfig, type HouseConfig } from './house/config.ts';

/** The database's settings (DATABASE_*) are db/config.ts's. */
export interface Config extends DatabaseSettings {
  port: number;
  host: string;
  /**
   * TRUSTED_PROXY_HOPS: how many reverse proxies in front of the api append to X-Forwarded-For. 0 (the default):
   * the client is the socket's peer and X-Forwarded-For is ignored; n: the n-th address from the header's end.
   */
  trustedProxyHops: number;
  redisUrl: string;
  logLevel: string;
  /** LOG_FORMAT: json (production, or output read by a program) or pretty (a person at a terminal); see logger.ts. */
  logFormat: LogFormat;
  /**
   * CHECK_REPLIES (default: true unless NODE_ENV=production): every reply and every live event is checked against
   * the schema the dapp trusts, so that every api test proves the contract; production skips the cost.
   */
  checkContracts: boolean;
  /** NODE_ENV=production: the boot check refuses unsafe settings (production-check.ts) and nothing is mounted under /dev. */
  production: boolean;
  /**
   * The names of the settings the environment gave (set and not empty), never their values: production refuses a
   * development default (testnet4, chain 31337, a local anvil) that the loaded value alone cannot tell from a choice.
   */
  settingsGiven: ReadonlySet<string>;
  /** STORAGE_DIR, PINATA_JWT, PINATA_API_URL, IMAGE_GATEWAY_URL: uploaded images and the gateway they are shown through. */
  storage: StorageConfig;
  corsOrigins: string[];
  /** PUBLIC_URL: the address users reach Gavel at; an https one makes every reply ask browsers for https only (HSTS). */
  publicUrl: string | undefined;
  /**
   * DAPP_DIR (default dapp/dist when NODE_ENV=production): the built dapp this process serves, with the api under
   * /api on the same origin; unset, the api alone at / (development, where Vite's server has the dapp).
   */
  dappDir: string | undefined;
  /** CSP_CONNECT_SRC: more origins the dapp's pages may call, space-separated (a remote VITE_RPC_URL, VITE_PRICE_API_URL). */
  cspConnectSources: string[];
  /**
   * RUN_WORKER: run the BullMQ worker inside the api process. Default true in development (one process) and false
   * in production, where the worker (and with it the relayer, which signs with its key) runs in its own process
   * (worker-main.ts), never in the one facing the internet.
   */
  runWorker: boolean;
  /** Namespaces queues and pub/sub channels, so several stacks (tests, demos) can share one Redis. */
  redisPrefix: string;
  /** How long a browse page may be served from memory; 0 turns the cache off. */
  browseCacheTtlMs: number;
  /** How long the total of a browse filter may be reused; 0 counts on every request. */
  browseCountTtlMs: number;
  /** HS256 key for session tokens; unset: a random key kept in .data/ so dev sessions survive restarts. */
  jwtSecret: string | undefined;
  /** EMAIL_CODE_PEPPER: HMAC key of stored e-mail codes; unset: a random key kept in .data/ (set it in production). */
  emailCodePepper: string | undefined;
  dataDir: string;
  /** nodemailer SMTP url; unset: mail goes only to the dev outbox at /dev/mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo only: identity checks are approved as soon as they are submitted. */
  kycAutoApprove: boolean;
  /** RATE_*: sign-in protection, e-mail codes and the routes limited per user and per address. */
  rateLimits: RateLimitConfig;
  /**
   * LOT_CLOCK_RECONCILE_MS: how often the worker redoes from the database what lost jobs would have done (a
   * crash, a Redis that lost its data): repeating jobs upserted again, the next hour's close jobs, unsent mail,
   * and the payments sweep (money a lost job left held).
   */
  reconcileEveryMs: number;
  /** STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE (unset keys: the local stand-in). */
  stripe: StripeConfig;
  /** PAYMENT_DUE_MS, SECOND_CHANCE_OFFER_MS: when an unpaid purchase is voided, how long a second-chance offer stands. */
  unpaid: UnpaidConfig;
  /** PRICE_API_URL, PRICE_MAX_AGE_MS, PRICE_CACHE_MS, PRICE_TIMEOUT_MS, CARD_HOLD_MARGIN_PERCENT: the live prices card holds on BTC and ETH lots use. */
  prices: PriceConfig;
  /** PONDER_URL, RPC_URL, CHAIN_ID (+ GAVEL_AUCTION_HOUSE_ADDRESS, GAVEL_NFT_ADDRESS, CHAIN_FOLLOW_MS, CHAIN_TIMEOUT_MS). */
  chain: ChainConfig;
  /** BITCOIN_NETWORK, BITCOIN_ESPLORA_URL, ORD_URL, BITCOIN_TIMEOUT_MS (unset: testnet4 through the local stand-in). */
  bitcoin: BitcoinConfig;
  /** SIWE_URI, WALLET_CHALLENGE_TTL_MS, WALLET_BALANCE_CACHE_MS (wallet ownership proofs and balances). */
  wallet: WalletConfig;
  /** RELAYER_PRIVATE_KEY (default outside production when the RPC answers chain 31337: anvil account 9), RELAYER_SWEEP_MS. */
  relayer: RelayerConfig;
  /** INSCRIPTION_KEY_SECRET, INSCRIPTION_PAYMENT_CONFIRMATIONS, INSCRIPTION_WATCH_MS, IPFS_GATEWAY_URL. */
  inscriptions: InscriptionConfig;
  /** ENDING_SOON_MINUTES, UNSUBSCRIBE_SECRET: when lots ending soon are told, and the unsubscribe links' key. */
  notifications: NotificationConfig;
  /** GAVEL_VAULT_SECRET (worker only), GAVEL_VAULT_PUBKEY, GAVEL_VAULT_KEY_VERSION, BITCOIN_VAULT_*: bidders' vaults. */
  vault: VaultConfig;
  /** HOUSE_BUYER_PREMIUM, HOUSE_SELLER_COMMISSION: a new event's default rates (unset: none). */
  house: HouseConfig;
}

/** Where `npm run build` leaves the dapp. */
const BUILT_DAPP_DIR = fileURLToPath(new URL('../../dapp/dist', import.meta.url));

/** `role`: the worker process (worker-main.ts) runs the worker whatever RUN_WORKER says, and so holds the relayer's key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: 'api' | 'worker' = 'api'): Config {
  const runWorker = env.RUN_WORKER ? env.RUN_WORKER !== 'false' : env.NODE_ENV !== 'production';
  const dataDir = dataDirOf(env);
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '127.0.0.1',
    trustedProxyHops: Number(env.TRUSTED_PROXY_HOPS ?? 0),
    ...databaseSettings(env, dataDir),
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatOf(env, env.NODE_ENV === 'production'),
    checkContracts: env.CHECK_REPLIES ? env.CHECK_REPLIES === 'true' : env.NODE_ENV !== 'production',
    production: env.NODE_ENV === 'production',
    settingsGiven: new Set(Object.keys(env).filter((name) => env[name])),
    storage: storageConfig(env, dataDir),
    corsOrigins: (env.CORS_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173,http://localhost:4173,http://127.0.0.1:4173')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: env.PUBLIC_URL || undefined,
    dappDir: env.DAPP_DIR ? path.resolve(env.DAPP_DIR) : env.NODE_ENV === 'production' ? BUILT_DAPP_DIR : undefined,
    cspConnectSources: (env.CSP_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean),
    runWorker,
    redisPrefix: env.REDIS_PREFIX ?? 'gavel',
    browseCacheTtlMs: Number(env.BROWSE_CACHE_TTL_MS ?? 1000),
    browseCountTtlMs: Number(env.BROWSE_COUNT_TTL_MS ?? 15_000),
    jwtSecret: env.JWT_SECRET || undefined,
    emailCodePepper: env.EMAIL_CODE_PEPPER || undefined,
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Gavel <no-reply@gavel.local>',
    kycAutoApprove: env.KYC_AUTO_APPROVE === 'true',
    reconcileEveryMs: Number(env.LOT_CLOCK_RECONCILE_MS ?? 30_000),
    rateLimits: rateLimitConfig(env),
    stripe: stripeConfig(env),
    unpaid: unpaidConfig(env),
    prices: priceConfig(env),
    chain: {
      ponderUrl: env.PONDER_URL ?? 'http://127.0.0.1:42069',
      rpcUrl: env.RPC_URL ?? 'http://127.0.0.1:8545',
      chainId: Number(env.CHAIN_ID ?? 31337),
      auctionHouseAddress: env.GAVEL_AUCTION_HOUSE_ADDRESS || undefined,
      nftAddress: env.GAVEL_NFT_ADDRESS || undefined,
      followEveryMs: Number(env.CHAIN_FOLLOW_MS ?? 250),
      timeoutMs: Number(env.CHAIN_TIMEOUT_MS ?? 3000),
    },
    bitcoin: bitcoinConfig(env),
    wallet: walletConfig(env),
    relayer: relayerConfig(env, role === 'worker' || runWorker),
    inscriptions: inscriptionConfig(env),
    notifications: notificationConfig(env),
    vault: vaultConfig(env, role === 'worker' || runWorker),
    house: houseConfig(env),
  };
}
