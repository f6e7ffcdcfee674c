import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Lot } from '@gavel/domain';
import { lotFixture } from '../test-support/lot-fixture.ts';
import { lotChanged } from './lot-cache.ts';
import { queryKeys } from './query-keys.ts';

function cacheWith(...lots: Lot[]): QueryClient {
  const queryClient = new QueryClient();
  for (const lot of lots) queryClient.setQueryData(queryKeys.lots.lot(lot._id), { data: lot });
  queryClient.setQueryData(queryKeys.lots.list({ page: 1 }), { data: lots, pagination: { total: lots.length } });
  queryClient.setQueryData(queryKeys.bids.history('lot-1', null), { data: [] });
  queryClient.setQueryData(queryKeys.bids.history('lot-2', null), { data: [] });
  return queryClient;
}

const page = (queryClient: QueryClient, lotId: string) => queryClient.getQueryData<{ data: Lot }>(queryKeys.lots.lot(lotId))?.data;
const listed = (queryClient: QueryClient, lotId: string) => queryClient.getQueryData<{ data: Lot[] }>(queryKeys.lots.list({ page: 1 }))?.data.find((lot) => lot._id === lotId);

describe('lotChanged: one patch for every cached copy of a lot', () => {
  it("shows the change on the lot's page and in the lists at once, and leaves other lots alone", () => {
    const other = lotFixture({ _id: 'lot-2', lotId: 'lot-2', currentBid: '20000', bidCount: 3 });
    const queryClient = cacheWith(lotFixture({ currentBid: '15000', bidCount: 1 }), other);
    lotChanged(queryClient, 'lot-1', (cached) => ({ currentBid: '16000', bidCount: cached.bidCount + 1, endTime: '2026-01-02T00:05:00.000Z' }));
    const expected = { currentBid: '16000', bidCount: 2, endTime: '2026-01-02T00:05:00.000Z' };
    expect(page(queryClient, 'lot-1')).toMatchObject(expected);
    expect(listed(queryClient, 'lot-1')).toMatchObject(expected);
    expect(page(queryClient, 'lot-2')).toBe(other);
    expect(listed(queryClient, 'lot-2')).toBe(other);
  });

  it("has the lot's page and its bid history read again, not other lots'", () => {
    const queryClient = cacheWith(lotFixture(), lotFixture({ _id: 'lot-2', lotId: 'lot-2' }));
    lotChanged(queryClient, 'lot-1');
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.lots.lot('lot-1'))).toBe(true);
    expect(stale(queryKeys.bids.history('lot-1', null))).toBe(true);
    expect(stale(queryKeys.lots.lot('lot-2'))).toBe(false);
    expect(stale(queryKeys.bids.history('lot-2', null))).toBe(false);
    expect(page(queryClient, 'lot-1')).toEqual(lotFixture());
  });
});

describe('lotChanged: a burst of changes reads the bid history again once', () => {
  it('does not cancel and restart the history request for every event of a burst', async () => {
    const queryClient = new QueryClient();
    let started = 0;
    let aborted = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.bids.history('lot-1', null),
      queryFn: ({ signal }) => {
        started += 1;
        signal.addEventListener('abort', () => (aborted += 1));
        return new Promise((resolve) => setTimeout(() => resolve({ data: [] }), 50));
      },
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    // The 10 s reading again is under way when 21 events about the lot arrive together.
    void observer.refetch();
    for (let event = 0; event < 21; event += 1) lotChanged(queryClient, 'lot-1');
    await vi.waitFor(() => expect(started).toBe(3), { timeout: 2_000 });
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    // The first read, the one under way, and one for the whole burst: none cancelled.
    expect(started).toBe(3);
    expect(aborted).toBe(0);
    stop();
  });
});
