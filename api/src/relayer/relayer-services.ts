import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
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
  config: Pick<Config, 'relayer' | 'chain' | 'redisPrefix' | 'unpaid'>;
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
