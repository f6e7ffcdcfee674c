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

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const latest = () => FakeEventSource.opened.at(-1)!;

describe('the live events hub', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens one stream with the token and every watched lot, reconnecting once per batch of changes', async () => {
    const hub = new LiveEvents('/api');
    hub.setToken('jwt');
    const stopA = hub.watchLot('a');
    hub.watchLot('b');
    await flush();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(latest().url).toBe('/api/events?token=jwt&lot=a&lot=b');
    stopA();
    hub.watchLot('c');
    await flush();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe('/api/events?token=jwt&lot=b&lot=c');
    // Make before break: the old stream delivers until the new one is ready.
    expect(FakeEventSource.opened[0]!.closed).toBe(false);
    latest().fire('ready', { signedIn: true });
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('closes when there is nothing to listen for', async () => {
    const hub = new LiveEvents('/api');
    const stop = hub.watchLot('a');
    await flush();
    stop();
    await flush();
    expect(latest().closed).toBe(true);
    expect(hub.state).toBe('idle');
  });

  it('reports its state and hands parsed events to listeners, skipping ones that are not JSON', async () => {
    const hub = new LiveEvents('/api');
    const states: StreamState[] = [];
    const outbid = vi.fn();
    const lot = vi.fn();
    hub.listen({ state: (s) => states.push(s), outbid, lot });
    hub.setToken('jwt');
    await flush();
    latest().fire('ready', { signedIn: true });
    latest().fire('outbid', { id: 'b1', timestamp: 't', auctionTitle: 'Lot', auctionId: 'l1', auctionEventId: 'e', userBidAmount: '1', currentBidAmount: '2', currencyUnit: 'USD' });
    latest().fireText('outbid', '{"id": "cut off');
    latest().fire('lot', { lotId: 'l1', currentBid: '2', bidCount: 2, endTime: 't', status: 'live' });
    expect(states).toEqual(['connecting', 'open']);
    expect(outbid).toHaveBeenCalledTimes(1);
    expect(outbid.mock.calls[0]![0]).toMatchObject({ id: 'b1', currentBidAmount: '2' });
    expect(lot).toHaveBeenCalledWith({ lotId: 'l1', currentBid: '2', bidCount: 2, endTime: 't', status: 'live' });
  });

  it('goes down on an error, and asks again after a refusal that closed the stream', async () => {
    vi.useFakeTimers();
    const hub = new LiveEvents('/api');
    hub.setToken('jwt');
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.readyState = FakeEventSource.CLOSED;
    first.onerror?.();
    expect(hub.state).toBe('down');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('treats a stream that never says ready as down, so the poll can cover it', async () => {
    vi.useFakeTimers();
    const hub = new LiveEvents('/api');
    hub.setToken('jwt');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(hub.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.state).toBe('down');
  });
});
