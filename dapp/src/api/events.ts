/**
 * GET /events, the api's server-sent-event stream: the signed-in user's events (outbid, ending soon, a bid a Buy Now cancelled, won) and the public
 * updates of the lots being watched (new price, extension, close), all on ONE EventSource per tab. Browsers
 * allow about six connections per host over HTTP/1.1; a stream per lot or per component would starve ordinary
 * requests once a bidder has a few tabs open. Components subscribe here instead, and the hub reconnects with
 * the new token and lot list whenever they change. A signed-in stream opens with a single-use ticket (POST
 * /events/ticket), never the session token, so a fresh ticket is asked for on every (re)connection.
 */
import type { BidCancelledNotification, EndingSoonNotification, EventTicketReply, LotUpdate, OutbidNotification } from '@gavel/domain';
import { API_BASE, apiRequest } from './http.ts';

/** The `won` event: the lot's id and title, and the hammer price already formatted ("$120.00"). */
export interface WonEvent {
  auctionId: string;
  auctionTitle: string;
  amount: string;
}

/**
 * idle: nothing to listen for; connecting: opening; open: the api said `ready`; down: refused, cut off or
 * silent for too long. While down, callers fall back to polling (the spec's 5 s outbid poll).
 */
export type StreamState = 'idle' | 'connecting' | 'open' | 'down';

export interface LiveListener {
  outbid?: (notification: OutbidNotification) => void;
  lot?: (update: LotUpdate) => void;
  won?: (event: WonEvent) => void;
  endingSoon?: (notification: EndingSoonNotification) => void;
  bidCancelled?: (notification: BidCancelledNotification) => void;
  state?: (state: StreamState) => void;
}

/** A stream that has not said `ready` by then is treated as down, so the poll covers a buffering proxy. */
const READY_TIMEOUT_MS = 5_000;
/** After a failed or cut stream, ask again after 1 s, then twice as long each time up to 30 s, until one opens. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** A ticket that opens one stream of this session. */
export type TicketSource = (token: string) => Promise<string>;

const askTicket: TicketSource = (token) => apiRequest<EventTicketReply>('/events/ticket', { method: 'POST', token }).then((reply) => reply.ticket);

export class LiveEvents {
  private token: string | null = null;
  private readonly lots = new Map<string, number>();
  private readonly listeners = new Set<LiveListener>();
  private source: EventSource | null = null;
  /** The stream being replaced: kept until its successor says `ready` (make before break). */
  private retiring: EventSource | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private reconnectQueued = false;
  /** Counts connects: one that is overtaken while it waits for its ticket gives up. */
  private generation = 0;
  /** Failures since the last stream that opened: the backoff grows with them. */
  private failures = 0;
  state: StreamState = 'idle';

  constructor(
    private readonly base: string = API_BASE,
    private readonly ticketFor: TicketSource = askTicket,
  ) {}

  /** The session token (null when signed out): user events need it, lot updates do not. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.queueReconnect();
  }

  /** Adds a lot's updates to the stream; the returned function stops watching it. Counted, so two views can share. */
  watchLot(lotId: string): () => void {
    const count = this.lots.get(lotId) ?? 0;
    this.lots.set(lotId, count + 1);
    if (count === 0) this.queueReconnect();
    return () => {
      const left = (this.lots.get(lotId) ?? 1) - 1;
      if (left > 0) return void this.lots.set(lotId, left);
      this.lots.delete(lotId);
      this.queueReconnect();
    };
  }

  listen(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Several changes in one render (a new page unwatching one lot and watching another) make one reconnect. */
  private queueReconnect(): void {
    if (this.reconnectQueued) return;
    this.reconnectQueued = true;
    queueMicrotask(() => {
      this.reconnectQueued = false;
      void this.connect();
    });
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    const previous = this.source;
    this.close({ keep: previous });
    if (!this.token && this.lots.size === 0) {
      previous?.close();
      this.setState('idle');
      return;
    }
    if (typeof EventSource === 'undefined') {
      this.setState('down');
      return;
    }
    this.setState('connecting');
    this.timers.push(setTimeout(() => this.state === 'connecting' && this.setState('down'), READY_TIMEOUT_MS));

    // The old stream keeps delivering until the new one is ready, so nothing published in between is lost;
    // closing it right away also tended to hang up while the api was still looking the session up.
    this.retiring = previous;
    const retire = () => {
      if (this.retiring === previous) this.retiring = null;
      previous?.close();
    };
    this.timers.push(setTimeout(retire, READY_TIMEOUT_MS));

    const params = new URLSearchParams();
    if (this.token) {
      const ticket = await this.ticketFor(this.token).catch(() => null);
      // Overtaken by a newer connect (another token or lot list) while asking: that one carries on.
      if (generation !== this.generation) return;
      if (ticket === null) {
        this.fail(retire);
        return;
      }
      params.set('ticket', ticket);
    }
    for (const lotId of this.lots.keys()) params.append('lot', lotId);
    const source = new EventSource(`${this.base}/events?${params}`);
    this.source = source;
    source.addEventListener('ready', () => {
      this.failures = 0;
      retire();
      this.setState('open');
    });
    source.addEventListener('outbid', (event) => this.emit('outbid', event));
    source.addEventListener('lot', (event) => this.emit('lot', event));
    source.addEventListener('won', (event) => this.emit('won', event));
    source.addEventListener('ending_soon', (event) => this.emit('endingSoon', event));
    source.addEventListener('bid_cancelled', (event) => this.emit('bidCancelled', event));
    source.onerror = () => {
      if (source !== this.source) return;
      // EventSource would reconnect by itself to the same address, whose ticket is spent (and a refusal closes
      // it for good): it is closed and opened again with a new ticket instead.
      source.close();
      this.fail(retire);
    };
  }

  /** Down until a later connect opens (the poll covers the gap), with a longer wait after each failure. */
  private fail(retire: () => void): void {
    retire();
    this.source = null;
    this.setState('down');
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.failures);
    this.failures += 1;
    this.timers.push(setTimeout(() => void this.connect(), delay));
  }

  /** Stops the current stream's timers and closes it (unless it is `keep`, the one being replaced). */
  private close({ keep }: { keep?: EventSource | null } = {}): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.retiring?.close();
    this.retiring = null;
    if (this.source && this.source !== keep) this.source.close();
    this.source = null;
  }

  private setState(state: StreamState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener.state?.(state);
  }

  /** Event payloads are typed, not checked: the api checks each against its domain schema outside production. */
  private emit<K extends 'outbid' | 'lot' | 'won' | 'endingSoon' | 'bidCancelled'>(kind: K, event: Event): void {
    type Payload = Parameters<NonNullable<LiveListener[K]>>[0];
    let data: Payload;
    try {
      data = JSON.parse((event as MessageEvent<string>).data) as Payload;
    } catch {
      return;
    }
    for (const listener of this.listeners) (listener[kind] as ((value: Payload) => void) | undefined)?.(data);
  }
}

/** The tab's one stream. */
export const liveEvents = new LiveEvents();
