/**
 * Stripe's webhook: the raw body's signature is checked with `stripe.webhooks.constructEvent` (a bad or
 * missing signature is a 400), then the event goes to the handler registered for its type.
 *
 * Each event takes effect once. Stripe may deliver an event more than once and in any order, so:
 * - an event id already in the StripeEvent ledger is answered 200 without running anything;
 * - a duplicate arriving while the first delivery is still running waits for it and shares its outcome;
 * - the ledger row is written only after the handler succeeded: a handler that fails (Stripe unreachable)
 *   answers 500 and Stripe redelivers later;
 * - handlers themselves are idempotent (conditional updates, Stripe idempotency keys), which also covers
 *   two api instances receiving the same event at the same moment.
 */
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { paymentMessages } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';

type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;
type Handler = (event: Stripe.Event) => Promise<void>;

const BODY_LIMIT = 2 * 1024 * 1024;

export class StripeWebhooks {
  private readonly handlers = new Map<string, Handler>();
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly stripe: Stripe,
    private readonly prisma: PrismaClient,
    private readonly secret: string,
    private readonly log: Logger,
  ) {}

  /** Registers what to do on an event type (one handler per type). Events without one are recorded only. */
  on<T extends Stripe.Event['type']>(type: T, handler: (event: EventOf<T>) => Promise<void>): void {
    if (this.handlers.has(type)) throw new Error(`A handler for ${type} is already registered`);
    this.handlers.set(type, handler as Handler);
  }

  /** Verifies and handles one delivery. `duplicate`: the event had already been handled. */
  async receive(payload: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature ?? '', this.secret);
    } catch {
      throw new Refused('invalid', paymentMessages.webhookSignature, 'invalid_signature');
    }
    // Registered before the first await, so a simultaneous duplicate finds it.
    const running = this.inFlight.get(event.id);
    if (running) {
      await running;
      return { duplicate: true };
    }
    const work = this.handleOnce(event);
    this.inFlight.set(event.id, work);
    try {
      return { duplicate: await work };
    } finally {
      this.inFlight.delete(event.id);
    }
  }

  /** Runs the event's handler unless the ledger has it; true when it did not run. */
  private async handleOnce(event: Stripe.Event): Promise<boolean> {
    if (await this.prisma.stripeEvent.findUnique({ where: { id: event.id } })) return true;
    await this.handle(event);
    return false;
  }

  private async handle(event: Stripe.Event): Promise<void> {
    const handler = this.handlers.get(event.type);
    if (handler) {
      try {
        await handler(event);
      } catch (error) {
        this.log.warn({ eventId: event.id, type: event.type, err: (error as Error).message }, 'stripe event failed; Stripe will redeliver it');
        throw error;
      }
    }
    await this.prisma.stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
  }
}

/** The request body exactly as sent: the signature covers these bytes, so it must not be parsed first. */
export async function readRawBody(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new Refused('too_large', 'Request body is too large', 'body_too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
