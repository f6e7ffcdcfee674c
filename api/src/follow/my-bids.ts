/**
 * The user's bids, one row per lot: their best bid there and where it stands. Bids through Gavel (card,
 * pay-later, Bitcoin wallet) are `Bid` rows; bids on the auction house (from a linked EVM wallet, or by card
 * through the relayer) are `ChainBid` rows, whose standing the indexed auction decides. Lots are ordered by
 * the user's latest bid on them, newest first. The list is filtered by state and each state counted here, so the
 * dapp's tabs are right whatever pages it has loaded.
 */
import { CARD_PAYMENT_MARKER, formatAmount, mayWithdraw, MY_BID_STATES, myBidState, unitFor, type BidRail, type ChainLot, type MyBid, type MyBidState } from '@gavel/domain';
import type { Bid, ChainBid } from '../generated/prisma/client.ts';
import { lotInclude, type LotRow } from '../lots/present.ts';
import { presentLotsForMember, type LotListDeps } from './lot-page.ts';
import { maximumField } from '../bidding/present-bid.ts';

/**
 * The most recent lots the list considers: the states of a bidder's lots are decided here (on-chain ones need the
 * indexer), so the counts and a filtered page cover this many, newest first.
 */
export const MY_BIDS_SCAN = 500;

/** `state`: only the lots where the bid stands so. `counts`: how many lots stand in each state, whatever `state`. */
export async function myBids(
  services: LotListDeps,
  userId: string,
  page: { limit: number; offset: number; state?: MyBidState },
): Promise<{ data: MyBid[]; total: number; counts: Record<MyBidState, number> }> {
  const { prisma } = services.db;
  // One row per published lot the user has a standing bid on (withdrawn and removed bids are not theirs anymore; a
  // bid their own change of maximum replaced stands in the bid that replaced it), or had one a Buy Now cancelled:
  // that lot stays listed, saying so, rather than vanishing.
  const ordered = await prisma.$queryRaw<Array<{ lotId: string }>>`
    SELECT b."lotId" FROM (
      SELECT "lotId", "createdAt", status = 'cancelled' AS cancelled FROM "Bid" WHERE "userId" = ${userId} AND status IN ('active', 'outbid', 'cancelled')
      UNION ALL SELECT "lotId", "createdAt", false FROM "ChainBid" WHERE "userId" = ${userId}
    ) b JOIN "Lot" l ON l.id = b."lotId" AND l.published AND (NOT b.cancelled OR l."boughtNow")
    GROUP BY b."lotId" ORDER BY max(b."createdAt") DESC, b."lotId" DESC LIMIT ${MY_BIDS_SCAN}`;
  const lotIds = ordered.map((row) => row.lotId);
  const [rows, bids, chainBids] = await Promise.all([
    prisma.lot.findMany({ where: { id: { in: lotIds } }, include: lotInclude }),
    prisma.bid.findMany({ where: { userId, lotId: { in: lotIds }, status: { in: ['active', 'outbid', 'cancelled'] } } }),
    prisma.chainBid.findMany({ where: { userId, lotId: { in: lotIds } } }),
  ]);
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const lots = new Map((await presentLotsForMember(services, rows)).map((lot) => [lot._id, lot]));
  const entries = lotIds.flatMap((lotId) => {
    const lot = lots.get(lotId);
    const row = rowOf.get(lotId);
    if (!lot || !row) return [];
    const onChain = services.chain.isChainLot(lot);
    const entry = onChain
      ? chainEntry(lot, best(chainBids.filter((b) => b.lotId === lotId)))
      : gavelEntry(
          lot,
          row,
          userId,
          leadingOrBest(
            bids.filter((b) => b.lotId === lotId),
            row.boughtNow,
          ),
        );
    return entry ? [entry] : [];
  });
  const counts = Object.fromEntries(MY_BID_STATES.map((state) => [state, entries.filter((e) => e.state === state).length])) as Record<MyBidState, number>;
  const shown = page.state ? entries.filter((e) => e.state === page.state) : entries;
  return { data: shown.slice(page.offset, page.offset + page.limit), total: shown.length, counts };
}

/** The user's highest bid. */
function best<T extends { amount: { toFixed(digits: number): string }; createdAt: Date }>(bids: T[]): T | undefined {
  return bids.reduce<T | undefined>((top, bid) => (!top || BigInt(bid.amount.toFixed(0)) > BigInt(top.amount.toFixed(0)) ? bid : top), undefined);
}

/**
 * On a lot through Gavel, the leading bid if they lead: an earlier bid of theirs at the same amount (a change of
 * maximum written before such bids were marked replaced) must not make the lot look lost. Bids a Buy Now cancelled
 * count only on a lot bought so (an admin's relisting cancels bids too, and those are simply gone).
 */
function leadingOrBest(bids: Bid[], boughtNow: boolean): Bid | undefined {
  const counted = boughtNow ? bids : bids.filter((bid) => bid.status !== 'cancelled');
  return counted.find((bid) => bid.status === 'active') ?? best(counted);
}

function gavelEntry(lot: ChainLot, row: LotRow, userId: string, bid: Bid | undefined): MyBid | null {
  if (!bid) return null;
  const unit = unitFor(lot.paymentMethod);
  const leading = bid.status === 'active';
  // The close records the winner; until it ran (closedAt unset, no winner) the verdict is open.
  const won = row.closedAt || row.winnerId ? row.winnerId === userId : null;
  return {
    state: myBidState(lot, leading, won, row.boughtNow && bid.status === 'cancelled'),
    bid: { id: bid.id, amount: formatAmount(BigInt(bid.amount.toFixed(0)), unit), unit, rail: railOf(lot, bid), ...maximumField(bid.maximum, unit), createdAt: bid.createdAt.toISOString() },
    canWithdraw: mayWithdraw(lot, { status: bid.status, onChain: false }),
    lot,
  };
}

function railOf(lot: ChainLot, bid: Bid): BidRail {
  if (bid.holdStatus !== null || bid.walletAddress === CARD_PAYMENT_MARKER) return 'card';
  if (lot.paymentMethod === 'BTC') return 'btc_wallet';
  if (lot.paymentMethod === 'ETH') return 'eth_wallet';
  return 'pay_later';
}

/**
 * A bid on the auction house leads when the auction's highest bid is it: the same bidder (the user's wallet, or
 * the relayer for a card bid, which many users share) and the same amount. The winner of an ended auction is
 * its leader, so a leading bid there has won.
 */
function chainEntry(lot: ChainLot, bid: ChainBid | undefined): MyBid | null {
  if (!bid) return null;
  const amount = formatAmount(BigInt(bid.amount.toFixed(0)), 'ETH');
  const leading = lot.chain?.highestBidder?.toLowerCase() === bid.bidder.toLowerCase() && lot.chain?.highestBid === amount;
  const won = lot.winner ? leading && lot.winner.walletAddress?.toLowerCase() === bid.bidder.toLowerCase() : lot.chain?.indexed ? false : null;
  return {
    state: myBidState(lot, leading, won),
    bid: { id: null, amount, unit: 'ETH', rail: bid.walletAddress === CARD_PAYMENT_MARKER ? 'relayed_card' : 'eth_wallet', createdAt: bid.createdAt.toISOString() },
    canWithdraw: false,
    lot,
  };
}
