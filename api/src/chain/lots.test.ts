import { describe, expect, it } from 'vitest';
import type { Lot } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { ChainService } from './index.ts';
import type { AuctionRow } from './reads.ts';
import { withChain } from './lots.ts';
import { withdrawalStatus } from './bids.ts';

const HOUSE = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const NOW = new Date('2026-11-22T12:00:00Z');
const at = (iso: string) => String(Date.parse(iso) / 1000);

const lot = (over: Partial<Lot> = {}): Lot =>
  ({
    _id: 'lot-1',
    status: 'live',
    currentBid: null,
    bidCount: 0,
    startTime: '2026-11-22T00:00:00.000Z',
    endTime: '2026-11-22T18:00:00.000Z',
    auctionId: '7',
    auctionContractAddress: '0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    winner: null,
    soldPrice: null,
    ...over,
  }) as Lot;

const row = (over: Partial<AuctionRow> = {}): AuctionRow => ({
  id: '7',
  seller: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  nft: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  nft_id: '3',
  reserve_price: '10000000000000000',
  status: 'started',
  start_time: at('2026-11-22T10:00:00Z'),
  end_time: at('2026-11-22T12:05:00Z'),
  time_buffer_seconds: '300',
  premium_bps: 0,
  highest_bid: '20000000000000000',
  highest_bidder: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  bid_count: 2,
  winner: null,
  updated_block: '42',
  last_bid_extended: true,
  ...over,
});

/** A ChainService that answers from `rows`, or as if the indexer were down. */
function fakeChain(rows: AuctionRow[], stale = false): ChainService {
  return {
    isChainLot: (l: { auctionId: string | null; auctionContractAddress: string | null }) => l.auctionId !== null && l.auctionContractAddress?.toLowerCase() === HOUSE,
    auctionStates: async () => ({ rows: new Map(rows.map((r) => [r.id, r])), stale }),
  } as unknown as ChainService;
}
const noWallets = { sql: async () => [] } as unknown as Database;

describe('chain truth in lot replies', () => {
  it('takes price, count, times, status and the extension from the indexed auction', async () => {
    const [merged] = await withChain(fakeChain([row()]), noWallets, [lot()], NOW);
    expect(merged).toMatchObject({
      status: 'timeStarted',
      currentBid: '0.02',
      bidCount: 2,
      reserveMet: true,
      hasReserve: true,
      startTime: '2026-11-22T10:00:00.000Z',
      endTime: '2026-11-22T12:05:00.000Z',
      auctionExtended: true,
      extensionMessage: 'Bid placed in the final 5 minutes: the auction now ends at 2026-11-22T12:05:00.000Z',
      winner: null,
      chain: { auctionId: '7', stale: false, indexed: true, highestBid: '0.02', reservePrice: '0.01', started: true, ended: false },
    });
  });

  it('names the leader as winner once time is up, before anyone settles', async () => {
    const [merged] = await withChain(fakeChain([row({ end_time: at('2026-11-22T11:59:00Z') })]), noWallets, [lot()], NOW);
    expect(merged).toMatchObject({ status: 'timeEnded', soldPrice: null, winner: { walletAddress: '0x90f79bf6eb2c4f870365e785982e1f101e93b906', name: null } });
  });

  it('reads a settled, a cancelled and a not yet started auction', async () => {
    const chain = fakeChain([
      row({ id: '1', status: 'settled', winner: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' }),
      row({ id: '2', status: 'cancelled', highest_bidder: null, highest_bid: '0', bid_count: 0 }),
      row({ id: '3', status: 'created', start_time: null, end_time: null, highest_bidder: null, highest_bid: '0', bid_count: 0 }),
    ]);
    const merged = await withChain(chain, noWallets, [lot({ auctionId: '1' }), lot({ auctionId: '2' }), lot({ auctionId: '3' })], NOW);
    expect(merged.map((l) => [l.status, l.soldPrice, l.currentBid])).toEqual([
      ['timeEnded', '0.02', '0.02'],
      ['cancelled', null, null],
      ['upcoming', null, null],
    ]);
    expect(merged[2]!.endTime).toBe('2026-11-22T18:00:00.000Z');
  });

  it('leaves off-chain lots alone, and marks chain state stale or unindexed', async () => {
    const offChain = lot({ auctionId: null, auctionContractAddress: null, currentBid: '5.00' });
    const otherHouse = lot({ auctionContractAddress: '0x0000000000000000000000000000000000000001' });
    const [a, b] = await withChain(fakeChain([]), noWallets, [offChain, otherHouse], NOW);
    expect(a).toMatchObject({ currentBid: '5.00', chain: null, auctionExtended: false, extensionMessage: null });
    expect(b!.chain).toBeNull();
    const [down] = await withChain(fakeChain([], true), noWallets, [lot({ bidCount: 1, currentBid: '0.01' })], NOW);
    expect(down).toMatchObject({ bidCount: 1, currentBid: '0.01', chain: { stale: true, indexed: false, highestBid: null } });
  });
});

describe('withdrawal status of an on-chain bid', () => {
  it('follows the bidder: leading, refund available, withdrawing, withdrawn', () => {
    expect(withdrawalStatus({ outbid_by: null, last_withdrawal_id: null }, false)).toBeNull();
    expect(withdrawalStatus({ outbid_by: '0002', last_withdrawal_id: null }, false)).toBe('available');
    expect(withdrawalStatus({ outbid_by: '0002', last_withdrawal_id: '0001' }, true)).toBe('withdrawing');
    expect(withdrawalStatus({ outbid_by: '0002', last_withdrawal_id: '0003' }, true)).toBe('withdrawn');
  });
});
