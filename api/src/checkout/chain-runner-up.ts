/**
 * The runner-up of an auction on the auction house whose relayed card win went unpaid (relayer/unpaid-wins.ts): the
 * highest bid on that auction by a Gavel user not yet passed over, either a card bid the relayer placed (outbid on
 * chain) or a bid from a wallet they linked (ChainBid). Bids from wallets nobody linked have no one to offer to.
 * The offer is paid by card, at the bid's USD value at today's ETH price (no hold margin); the relayer then
 * delivers the NFT it holds to whoever paid.
 */
import { allInAmount, coinHoldCents, lotPremiumTable, WEI_PER_ETH } from '@gavel/domain';
import type { Lot, Prisma as P, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | P.TransactionClient;

/** The highest bid on the lot's auction by someone not in `passedOver`: its id, bidder and amount (wei). */
export async function chainRunnerUp(db: Db, lot: Pick<Lot, 'id' | 'chainAuctionId'>, passedOver: string[]): Promise<{ id: string; userId: string; amount: P.Decimal } | null> {
  const auctionId = lot.chainAuctionId!;
  const [relayed, fromWallet] = await Promise.all([
    db.relayedBid.findFirst({
      where: { lotId: lot.id, auctionId, userId: { notIn: passedOver }, status: { in: ['outbid', 'refunded'] } },
      orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }],
    }),
    // The relayer's own bids are recorded here too (card_payment), as their RelayedBid rows: counted once, above.
    db.chainBid.findFirst({
      where: { lotId: lot.id, auctionId, userId: { notIn: passedOver }, walletAddress: { not: 'card_payment' } },
      orderBy: [{ amount: 'desc' }, { blockNumber: 'asc' }],
    }),
  ]);
  const best = [relayed, fromWallet].filter((bid) => bid !== null).sort((a, b) => b.amount.comparedTo(a.amount))[0];
  return best ? { id: best.id, userId: best.userId, amount: best.amount } : null;
}

/**
 * What a second-chance offer of a runner-up's ETH bid asks by card: the USD value, at this price of an ETH, of what
 * their bid would have paid on chain (the bid and its auction's buyer's premium), in cents.
 */
export function offerCents(usdCentsPerEth: number, lot: Pick<Lot, 'paymentMethod' | 'chainPremiumBps'>, amountWei: P.Decimal): bigint {
  const paid = allInAmount(BigInt(amountWei.toFixed(0)), lotPremiumTable(lot, null));
  return coinHoldCents(paid, WEI_PER_ETH, { usdCents: usdCentsPerEth, marginPercent: 0 });
}
