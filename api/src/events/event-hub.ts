/**
 * Real-time events for the dapp. Any api instance publishes to Redis; every instance holds one pattern
 * subscription and forwards each event to its own server-sent-event streams: the user's open tabs for user
 * events (outbid, ending soon, won), and every watcher of a lot for lot events (new price, extension, close). Revocations
 * travel the same way, so a logout on one instance closes the user's streams on all of them.
 */
import type { Redis } from 'ioredis';
import { Gathered } from '../gathered.ts';
import type { z } from 'zod';
import { bidCancelledNotificationSchema, endingSoonNotificationSchema, lotUpdateSchema, outbidNotificationSchema } from '@gavel/domain';

export type HubEvent = { type: string; data: unknown };
type Listener = (event: HubEvent) => void;

/** The dapp trusts these payloads' shape, so outside production each is checked against its domain schema. */
const EVENT_CONTRACTS: Record<string, z.ZodType> = {
  outbid: outbidNotificationSchema,
  ending_soon: endingSoonNotificationSchema,
  bid_cancelled: bidCancelledNotificationSchema,
  lot: lotUpdateSchema,
};

export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  /**
   * The events published during one turn of the event loop go to Redis in one pipeline, in the order they were
   * published (a bid's lot event and its outbid notice, and those of the bids beside it): one round trip for all.
   * Eager: with nothing out, an event leaves at once, before the reply of the request that published it, as it did
   * when each event had a round trip of its own.
   */
  private readonly sent = new Gathered<[channel: string, message: string], number>(
    async (messages) => {
      const pipeline = this.publisher.pipeline();
      for (const [channel, message] of messages) pipeline.publish(channel, message);
      return ((await pipeline.exec()) ?? []).map(([error, receivers]) => {
        if (error) throw error;
        return receivers as number;
      });
    },
    { eager: true },
  );

  /** `checkEvents`: published payloads are checked against EVENT_CONTRACTS (config.checkContracts). */
  constructor(
    private readonly publisher: Redis,
    private readonly prefix: string,
    private readonly options: { checkEvents: boolean },
  ) {}

  private channel(topic: string): string {
    return `${this.prefix}:events:${topic}`;
  }

  /** Starts forwarding published events to local listeners; `subscriber` must be a dedicated connection. */
  async listen(subscriber: Redis): Promise<void> {
    const base = this.channel('');
    await subscriber.psubscribe(`${base}*`);
    subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
      const topic = channel.slice(base.length);
      const listeners = this.listeners.get(topic);
      if (!listeners?.size) return;
      const event = JSON.parse(message) as HubEvent;
      for (const listener of listeners) listener(event);
    });
  }

  publish(topic: `user:${string}` | `lot:${string}` | `session:${string}`, event: HubEvent): Promise<number> {
    const contract = this.options.checkEvents ? EVENT_CONTRACTS[event.type] : undefined;
    if (contract && !contract.safeParse(event.data).success) {
      return Promise.reject(new Error(`The ${event.type} event breaks its contract: ${JSON.stringify(event.data)}`));
    }
    if (this.userNotices && topic.startsWith('user:')) this.userNotices(topic.slice('user:'.length), event);
    return this.sent.ask([this.channel(topic), JSON.stringify(event)]);
  }

  /**
   * Hears every event published to a user's stream, wherever it was published from: the notices every notifier
   * (notifications/*, closing a lot) tells a user's tabs also go to their devices by Web Push
   * (notifications/push.ts), with no notifier having to know. `hear` must not throw and is not waited for.
   */
  onUserNotice(hear: (userId: string, event: HubEvent) => void): void {
    this.userNotices = hear;
  }

  private userNotices: ((userId: string, event: HubEvent) => void) | null = null;

  /** Every token of the user older than `version` is revoked: their open streams must close. */
  announceRevoked(userId: string, version: number): Promise<number> {
    return this.publish(`session:${userId}`, { type: 'revoked', data: { version } });
  }

  /** Hears the user's revocations (the new token version); returns the function that stops listening. */
  onRevoked(userId: string, listener: (version: number) => void): () => void {
    return this.on(`session:${userId}`, (event) => listener((event.data as { version: number }).version));
  }

  /** Registers a local listener; returns the function that removes it. */
  on(topic: string, listener: Listener): () => void {
    const set = this.listeners.get(topic) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(topic, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
    };
  }
}
