import { describe, expect, it } from 'vitest';
import { parseBrowseParams } from './browse-params.ts';

describe('parseBrowseParams', () => {
  it('reads the filters the grid offers', () => {
    expect(parseBrowseParams(new URLSearchParams('search= waves &status=live&paymentMethod=BTC&auctionEventId=e1&page=2&sort=price-desc'))).toEqual({
      search: 'waves',
      sort: 'price-desc',
      status: 'live',
      paymentMethod: 'BTC',
      auctionEventId: 'e1',
      page: 2,
    });
  });

  it('ignores values it does not offer instead of sending them to the api', () => {
    expect(parseBrowseParams(new URLSearchParams('status=sold&paymentMethod=DOGE&page=-4&sort=random'))).toEqual({
      search: undefined,
      sort: 'ending-soon',
      status: undefined,
      paymentMethod: undefined,
      auctionEventId: undefined,
      page: 1,
    });
  });
});
