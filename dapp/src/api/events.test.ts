import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveEvents, type StreamState } from './events.ts';

/** Just enough of EventSource: the URL it was opened with, its listeners, and a way to fire events. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  fire(type: string, data: unknown) {
    this.fireText(type, JSON.stringify(data));
  }
  fireText(type: string, text: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: text }));
  }
}

/** Lets queued reconnects run, and the ticket they wait for arrive. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const latest = () => FakeEventSource.opened.at(-1)!;
/** Numbered tickets, as POST /events/ticket would hand them out. */
const tickets = () => {
  let issued = 0;
  return vi.fn(async (_token: string) => `ticket-${++issued}`);
};

describe('the live events hub', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens one stream with a fresh ticket and every watched lot, reconnecting once per batch of changes', async () => {
    const ticketFor = tickets();
    const hub = new LiveEvents('/api', ticketFor);
    hub.setToken('jwt');
    const stopA = hub.watchLot('a');
    hub.watchLot('b');
    await flush();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(latest().url).toBe('/api/events?ticket=ticket-1&lot=a&lot=b');
    expect(ticketFor).toHaveBeenCalledWith('jwt');
    stopA();
    hub.watchLot('c');
    await flush();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe('/api/events?ticket=ticket-2&lot=b&lot=c');
    expect(FakeEventSource.opened.some((source) => source.url.includes('jwt'))).toBe(false);
    // Make before break: the old stream delivers until the new one is ready.
    expect(FakeEventSource.opened[0]!.closed).toBe(false);
    latest().fire('ready', { signedIn: true });
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('watches lots without a ticket when signed out, and closes when there is nothing to listen for', async () => {
    const ticketFor = tickets();
    const hub = new LiveEvents('/api', ticketFor);
    const stop = hub.watchLot('a');
    await flush();
    expect(latest().url).toBe('/api/events?lot=a');
    expect(ticketFor).not.toHaveBeenCalled();
    stop();
    await flush();
    expect(latest().closed).toBe(true);
    expect(hub.state).toBe('idle');
  });

  it("reports its state and hands parsed events to listeners whole (an outbid bidder's own maximum too), skipping ones that are not JSON", async () => {
    const hub = new LiveEvents('/api', tickets());
    const states: StreamState[] = [];
    const outbid = vi.fn();
    const lot = vi.fn();
    hub.listen({ state: (s) => states.push(s), outbid, lot });
    hub.setToken('jwt');
    await flush();
    latest().fire('ready', { signedIn: true });
    latest().fire('outbid', { id: 'b1', timestamp: 't', auctionTitle: 'Lot', auctionId: 'l1', auctionEventId: 'e', userBidAmount: '1', currentBidAmount: '2', currencyUnit: 'USD', maximum: '1.50' });
    latest().fireText('outbid', '{"id": "cut off');
    latest().fire('lot', { lotId: 'l1', currentBid: '2', bidCount: 2, endTime: 't', status: 'live' });
    expect(states).toEqual(['connecting', 'open']);
    expect(outbid).toHaveBeenCalledTimes(1);
    expect(outbid.mock.calls[0]![0]).toMatchObject({ id: 'b1', currentBidAmount: '2', maximum: '1.50' });
    expect(lot).toHaveBeenCalledWith({ lotId: 'l1', currentBid: '2', bidCount: 2, endTime: 't', status: 'live' });
  });

  it('goes down on an error and reopens with a new ticket, waiting longer after each failure, until a stream opens', async () => {
    vi.useFakeTimers();
    const hub = new LiveEvents('/api', tickets());
    hub.setToken('jwt');
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.onerror?.();
    // Closed at once: EventSource's own retry would reuse the spent ticket.
    expect(first.closed).toBe(true);
    expect(hub.state).toBe('down');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe('/api/events?ticket=ticket-2');
    latest().onerror?.();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    // Once a stream opens, the next failure waits the shortest time again.
    latest().fire('ready', { signedIn: true });
    latest().onerror?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.opened).toHaveLength(4);
  });

  it('stays down and asks again when no ticket can be had', async () => {
    vi.useFakeTimers();
    const ticketFor = vi.fn<(token: string) => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('ticket-2');
    const hub = new LiveEvents('/api', ticketFor);
    hub.setToken('jwt');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(hub.state).toBe('down');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(latest().url).toBe('/api/events?ticket=ticket-2');
  });

  it('treats a stream that never says ready as down, so the poll can cover it', async () => {
    vi.useFakeTimers();
    const hub = new LiveEvents('/api', tickets());
    hub.setToken('jwt');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(hub.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.state).toBe('down');
  });
});
