import { afterEach, describe, expect, it } from 'vitest';
import { afterSignInRoute, BID_RETURN_TTL_MS, forgetBidReturn, lotReturnPath, pendingBidReturn, rememberBidReturn, returnedAmount, safeReturnPath } from './return-path.ts';

describe('return paths', () => {
  it('follows only paths of this site', () => {
    expect(safeReturnPath('/auctions/abc?amount=26.00')).toBe('/auctions/abc?amount=26.00');
    expect(safeReturnPath('/details/abc')).toBe('/details/abc');
    for (const away of ['//evil.example/path', 'https://evil.example', 'https:evil.example', '/\\evil.example', '/x\\y', '/\t/evil.example', '/\n/evil.example', 'evil', '', null, undefined]) {
      expect(safeReturnPath(away), String(away)).toBeNull();
    }
  });

  it('carries the typed amount in the lot path, and takes back only an amount', () => {
    expect(lotReturnPath('/auctions/abc', '26.00')).toBe('/auctions/abc?amount=26.00');
    expect(lotReturnPath('/auctions/abc')).toBe('/auctions/abc');
    expect(returnedAmount('26.00')).toBe('26.00');
    expect(returnedAmount('15100')).toBe('15100');
    for (const odd of ['', '-1', '1e9', 'abc', '1.2.3', null]) expect(returnedAmount(odd), String(odd)).toBeNull();
  });
});

describe('the bid return', () => {
  afterEach(() => forgetBidReturn());

  it('brings a bidder with nothing left to set up back to the lot, while it is recent', () => {
    rememberBidReturn('/auctions/abc?amount=26.00', 1_000);
    expect(pendingBidReturn(1_000 + BID_RETURN_TTL_MS)).toBe('/auctions/abc?amount=26.00');
    expect(pendingBidReturn(1_001 + BID_RETURN_TTL_MS)).toBeNull();
  });

  it('leaves the spec sign-in redirect alone when a setup step is still missing', () => {
    rememberBidReturn('/auctions/abc?amount=26.00');
    expect(afterSignInRoute('/complete-setup')).toBe('/complete-setup');
    expect(afterSignInRoute('/')).toBe('/auctions/abc?amount=26.00');
    forgetBidReturn();
    expect(afterSignInRoute('/')).toBe('/');
  });

  it('never remembers or follows a path off the site', () => {
    rememberBidReturn('//evil.example');
    expect(pendingBidReturn()).toBeNull();
    sessionStorage.setItem('gavel.bidReturn', JSON.stringify({ path: 'https://evil.example', at: Date.now() }));
    expect(pendingBidReturn()).toBeNull();
    sessionStorage.setItem('gavel.bidReturn', 'not json');
    expect(pendingBidReturn()).toBeNull();
  });
});
