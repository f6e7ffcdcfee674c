import { describe, expect, it } from 'vitest';
import type { ChainLot, LotChain } from '@gavel/domain';
import { lotForViewer, lotUpdateForViewer } from './results-privacy.ts';

const WINNER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const chain = { auctionId: '7', highestBid: '0.02', highestBidder: WINNER, winner: WINNER, reservePrice: '0.01', bidCount: 2 } as LotChain;
const settled = {
  _id: 'lot-1',
  status: 'timeEnded',
  currentBid: '0.02',
  soldPrice: '0.02',
  bidCount: 2,
  winner: { name: 'Winona Winner', firstName: 'Winona', lastName: 'Winner', walletAddress: WINNER },
  txHash: '0xpaid',
  transferTransactionHash: '0xdelivered',
  resultsHidden: false,
  settlement: { state: 'awaiting_payment' },
  chain,
} as unknown as ChainLot;

describe('results of an ended lot', () => {
  it('withholds the on-chain leader and price of a settled auction from a signed-out viewer, keeping the rest', () => {
    const shown = lotForViewer(settled, false);
    expect(JSON.stringify(shown)).not.toContain(WINNER);
    expect(JSON.stringify(shown)).not.toContain('0.02');
    expect(shown).toMatchObject({ status: 'timeEnded', resultsHidden: true, bidCount: 2, chain: { auctionId: '7', reservePrice: '0.01', highestBid: null } });
    expect(shown).not.toHaveProperty('settlement');
  });

  it('shows the results to a signed-in viewer with the winner named as bid histories name bidders, and a live lot to anyone', () => {
    const shown = lotForViewer(settled, true);
    expect(shown).toMatchObject({ ...settled, winner: { name: 'W***r', firstName: null, lastName: null, walletAddress: WINNER } });
    expect(JSON.stringify(shown)).not.toContain('Winona');
    const live = { ...settled, status: 'timeStarted', soldPrice: null, winner: null } as ChainLot;
    expect(lotForViewer(live, false)).toBe(live);
  });

  it('keeps the price of a live update and drops it from the close a signed-out watcher is told of', () => {
    const update = { lotId: 'lot-1', currentBid: '12.00', bidCount: 2, endTime: '2026-01-01T00:00:00.000Z', status: 'live' };
    expect(lotUpdateForViewer(update, false)).toEqual(update);
    expect(lotUpdateForViewer({ ...update, status: 'ended' }, false).currentBid).toBeNull();
    expect(lotUpdateForViewer({ ...update, status: 'ended' }, true).currentBid).toBe('12.00');
  });
});
