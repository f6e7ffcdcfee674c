import { describe, expect, it } from 'vitest';
import { searchUrl } from './search-url.ts';

describe('searchUrl', () => {
  it('sends a search from any page to the grid', () => {
    expect(searchUrl('waves', '/about', '?x=1')).toEqual({ pathname: '/auctions', search: '?search=waves' });
  });

  it('keeps the grid filters but starts again at page 1', () => {
    expect(searchUrl('waves', '/auctions', '?status=live&page=3')).toEqual({ pathname: '/auctions', search: '?status=live&search=waves' });
  });

  it('clears the term', () => {
    expect(searchUrl('', '/auctions', '?search=old&status=ended')).toEqual({ pathname: '/auctions', search: '?status=ended' });
  });
});
