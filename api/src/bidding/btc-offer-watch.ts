/**
 * A Bitcoin bid is only as good as its inputs: when the leading bid's offer spends an output that has been
 * spent elsewhere since (the bidder moved the coins), the offer can never be broadcast. The worker removes
 * such a bid like an admin removal (remove-bid.ts): the next highest bid takes its place and the lot's price
 * falls back to it, and that bid is checked on the next turn in turn; a card bid taking its place is held on its
 * card again first, or removed too when the card refuses (backed-leader.ts). Only lots still taking bids: an
 * ended lot's winner claims with a fresh template instead (btc-settlement.ts).
 */
import type { Services } from '../services.ts';
import { checkUnspent, esploraChainView, INDEX, OfferError, parsePsbtHex, type ChainView } from '../bitcoin/offer/index.ts';
import { removeKeepingLeaderBacked, SYSTEM } from './backed-leader.ts';
import { announceLotChanged } from './notify.ts';
import { announceSpentOfferRemoved } from './spent-offer-notices.ts';

export const SPENT_OFFER_REASON = 'The Bitcoin offer of this bid can no longer be completed: one of its inputs was spent';

export async function removeSpentLeadingOffers(services: Services): Promise<number> {
  const { prisma } = services.db;
  const leading = await prisma.bid.findMany({
    where: { status: 'active', signedPsbtHex: { not: null }, lot: { paymentMethod: 'BTC', status: { in: ['upcoming', 'live'] }, endTime: { gt: new Date() } } },
    select: { id: true, lotId: true, signedPsbtHex: true },
    take: 200,
  });
  const chain = esploraChainView(services.bitcoin.esplora);
  let removed = 0;
  for (const bid of leading) {
    const psbt = parsePsbtHex(bid.signedPsbtHex, services.config.bitcoin.network);
    // Only the bidder's inputs decide: the seller's inscription input is the seller's to keep unspent.
    const seller = psbt.txInputs[INDEX.sellerInput]!;
    const sellerOutpoint = `${Buffer.from(seller.hash).reverse().toString('hex')}:${seller.index}`;
    const bidderInputs: ChainView = {
      async output(txid, vout) {
        const found = await chain.output(txid, vout);
        return found && `${txid}:${vout}` === sellerOutpoint ? { ...found, spent: false } : found;
      },
    };
    try {
      await checkUnspent(psbt, bidderInputs);
    } catch (error) {
      if (!(error instanceof OfferError) || (error.code !== 'input_spent' && error.code !== 'input_unknown')) throw error;
      try {
        await removeKeepingLeaderBacked(services, SYSTEM, bid.id, SPENT_OFFER_REASON);
      } catch (removal) {
        // No fresh price or no Stripe for the card bid next in line: this lot waits for the next turn.
        services.log.warn({ err: (removal as Error).message, bidId: bid.id, lotId: bid.lotId }, 'a spent offer could not be removed yet');
        continue;
      }
      await announceLotChanged(services, bid.lotId);
      await announceSpentOfferRemoved(services, bid.id);
      removed++;
    }
  }
  return removed;
}
