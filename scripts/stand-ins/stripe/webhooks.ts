/**
 * Events and their delivery, as Stripe does it: each state change becomes an `evt_` object, POSTed as JSON to
 * the configured endpoint with a `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256(secret, "t.payload")>` header
 * (so `stripe.webhooks.constructEvent` verifies it), re-signed and retried with backoff until the endpoint
 * answers 2xx or the schedule runs out. Delivery is asynchronous and may repeat: receivers must be idempotent.
 */
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { API_VERSION, newId, unixNow, type State } from './state.ts';

export interface WebhookTarget {
  url: string;
  secret: string;
  /** Event types to send; ['*'] (the default) sends all. */
  enabledEvents?: string[];
}

export interface Delivery {
  eventId: string;
  type: string;
  attempt: number;
  /** HTTP status, or the network error's message. */
  outcome: number | string;
  at: Date;
}

export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

/** Stripe's header for `payload` signed at `timestamp`. */
export function signatureHeader(payload: string, secret: string, timestamp = unixNow()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export class Webhooks {
  private target: WebhookTarget | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly aborts = new Set<AbortController>();
  private pending = 0;
  private waiters: Array<() => void> = [];
  private stopped = false;
  readonly deliveries: Delivery[] = [];

  constructor(
    private readonly state: State,
    /** Wait before each retry; its length is the number of retries. Stripe's own spans three days. */
    private readonly retryDelaysMs: readonly number[],
    private readonly log: (line: string) => void,
  ) {}

  configure(target: WebhookTarget | null): void {
    this.target = target;
  }

  /** Records an event for `object`'s new state and schedules its delivery after the current reply. */
  emit(type: string, object: { object: string }, request: RequestInfo = { id: null, idempotency_key: null }): Stripe.Event {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.state.unixNow(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.wants(type) ? 1 : 0,
      request,
      type,
    } as unknown as Stripe.Event;
    this.state.events.set(event.id, event);
    if (this.wants(type)) this.schedule(event, 1, 0);
    return event;
  }

  /** Sends a past event again (as the Dashboard's "Resend" does). */
  resend(eventId: string): void {
    const event = this.state.events.get(eventId);
    if (!event) throw new Error(`No such event: ${eventId}`);
    this.schedule(event, 1, 0);
  }

  /** Resolves once nothing is in flight or waiting for a retry. */
  settled(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const abort of this.aborts) abort.abort();
    this.timers.clear();
    this.pending = 0;
    this.release();
  }

  private wants(type: string): boolean {
    const enabled = this.target?.enabledEvents ?? ['*'];
    return this.target !== null && (enabled.includes('*') || enabled.includes(type));
  }

  private schedule(event: Stripe.Event, attempt: number, delayMs: number): void {
    if (this.stopped) return;
    this.pending++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(event, attempt).finally(() => {
        this.pending = Math.max(0, this.pending - 1);
        this.release();
      });
    }, delayMs);
    this.timers.add(timer);
  }

  private async deliver(event: Stripe.Event, attempt: number): Promise<void> {
    const target = this.target;
    if (!target || this.stopped) return;
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const abort = new AbortController();
    this.aborts.add(abort);
    const timeout = setTimeout(() => abort.abort(), 10_000);
    let outcome: number | string;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, target.secret),
        },
        body: payload,
        signal: abort.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      outcome = res.status;
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timeout);
      this.aborts.delete(abort);
    }
    if (this.stopped) return;
    this.deliveries.push({ eventId: event.id, type: event.type, attempt, outcome, at: new Date() });
    const ok = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
    if (ok) return;
    const delay = this.retryDelaysMs[attempt - 1];
    if (delay === undefined) {
      this.log(`webhook ${event.type} ${event.id}: giving up after ${attempt} attempts (last: ${outcome})`);
      return;
    }
    this.log(`webhook ${event.type} ${event.id}: attempt ${attempt} got ${outcome}; retrying in ${delay} ms`);
    this.schedule(event, attempt + 1, delay);
  }

  private release(): void {
    if (this.pending !== 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
