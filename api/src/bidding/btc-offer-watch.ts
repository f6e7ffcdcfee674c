/**
 * A Bitcoin bid is only as good as its inputs: when the leading bid's offer spends an output that has been
 * spent elsewhere since (the bidder moved the coins), the offer can never be broadcast. The worker removes
 * such a bid like an admin removal (remove-bid.ts): the next highest bid takes its place and the lot's price
 * falls back to it, and that bid is checked on the next turn in turn; a card bid taking its place is held on its
 * card again first, or removed too when the card refuses (backed-leader.ts). Lots still taking bids here; a lot
 * about to close is checked once more by its close, and a won lot is watched until its swap confirms
 * (bitcoin-settlement/win-watch.ts).
 */
import type { BitcoinAccess, BitcoinConfig } from '../bitcoin/index.ts';
import { checkUnspent, esploraChainView, OfferError, parsePsbtHex, type ChainView } from '../bitcoin/offer/index.ts';
import { sellerInputIndexOf } from '../bitcoin/vault/vault-offer.ts';
import { removeKeepingLeaderBacked, SYSTEM, type BackedLeaderDeps } from './backed-leader.ts';
import { announceLotChanged, type LotAnnouncer } from './notify.ts';
import { announceSpentOfferRemoved } from './spent-offer-notices.ts';

export const SPENT_OFFER_REASON = 'The Bitcoin offer of this bid can no longer be completed: one of its inputs was spent';

/** Checking offers' inputs asks Esplora; a spent leader is removed as an admin would, and its bidders and watchers told. */
export type OfferWatchDeps = BackedLeaderDeps & LotAnnouncer & { bitcoin: Pick<BitcoinAccess, 'esplora'>; config: { bitcoin: Pick<BitcoinConfig, 'network'> } };

export async function removeSpentLeadingOffers(services: OfferWatchDeps): Promise<number> {
  const leading = await services.db.prisma.bid.findMany({
    where: { status: 'active', signedPsbtHex: { not: null }, lot: { paymentMethod: 'BTC', status: { in: ['upcoming', 'live'] }, endTime: { gt: new Date() } } },
    select: { id: true, lotId: true, signedPsbtHex: true },
    take: 200,
  });
  let removed = 0;
  for (const bid of leading) if (await removeIfSpent(services, bid)) removed++;
  return removed;
}

/**
 * Whether the bidder's side of a signed offer can no longer be broadcast: one of its inputs spent or unknown.
 * Only the bidder's inputs decide: the seller's inscription input is the seller's to keep unspent.
 */
export async function bidderInputsSpent(services: OfferWatchDeps, signedPsbtHex: string): Promise<boolean> {
  const psbt = parsePsbtHex(signedPsbtHex, services.config.bitcoin.network);
  const chain = esploraChainView(services.bitcoin.esplora);
  const seller = psbt.txInputs[sellerInputIndexOf(psbt)]!;
  const sellerOutpoint = `${Buffer.from(seller.hash).reverse().toString('hex')}:${seller.index}`;
  const bidderInputs: ChainView = {
    async output(txid, vout) {
      const found = await chain.output(txid, vout);
      return found && `${txid}:${vout}` === sellerOutpoint ? { ...found, spent: false } : found;
    },
  };
  try {
    await checkUnspent(psbt, bidderInputs);
    return false;
  } catch (error) {
    if (error instanceof OfferError && (error.code === 'input_spent' || error.code === 'input_unknown')) return true;
    throw error;
  }
}

/** The leading bid removed when its offer was spent, the lot announced and its bidders told; true when removed. */
export async function removeIfSpent(services: OfferWatchDeps, bid: { id: string; lotId: string; signedPsbtHex: string | null }): Promise<boolean> {
  if (!bid.signedPsbtHex || !(await bidderInputsSpent(services, bid.signedPsbtHex))) return false;
  try {
    await removeKeepingLeaderBacked(services, SYSTEM, bid.id, SPENT_OFFER_REASON);
  } catch (removal) {
    // No fresh price or no Stripe for the card bid next in line: this lot waits for the next turn.
    services.log.warn({ err: (removal as Error).message, bidId: bid.id, lotId: bid.lotId }, 'a spent offer could not be removed yet');
    return false;
  }
  await announceLotChanged(services, bid.lotId);
  await announceSpentOfferRemoved(services, bid.id);
  return true;
}
