import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RelayerConfig } from './config.ts';
import type { ChainConfig } from '../chain/index.ts';
import type { UnpaidConfig } from '../payments/unpaid-config.ts';
import type { Database } from '../db/client.ts';
import type { ChainService } from '../chain/index.ts';
import type { Payments } from '../payments/index.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UsdPrices } from '../prices/usd-price.ts';
import type { QueueRedis } from '../jobs/job-queue.ts';

/**
 * What the relayer works with. It is one of the services (services.ts builds it), so it is handed these few
 * rather than the whole set it belongs to.
 */
export interface RelayerServices {
  config: { relayer: RelayerConfig; chain: ChainConfig; redisPrefix: string; unpaid: UnpaidConfig };
  /** The ETH price a won card bid is charged at. */
  prices: Pick<UsdPrices, 'holdPrice'>;
  log: Logger;
  db: Database;
  redis: Redis;
  chain: ChainService;
  payments: Pick<Payments, 'stripe'>;
  eventHub: EventHub;
  mailer: Mailer;
  queues: QueueRedis;
}

/**
 * What taking a card bid or a card mint for the relayer works with (an api process's, which need not run the
 * relayer itself): the database, the node, the relayer's switch and queue, Stripe and the ETH price.
 */
export interface RelayerIntake {
  db: Database;
  chain: ChainService;
  relayer: { readonly enabled: boolean; readonly address: string | null; enqueue(step: 'relay-bid' | 'relay-mint', id: string): Promise<void> };
  payments: Pick<Payments, 'stripe' | 'config'>;
  prices: Pick<UsdPrices, 'holdPrice'>;
  log: Logger;
}
