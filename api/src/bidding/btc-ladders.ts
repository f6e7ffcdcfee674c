/**
 * A Bitcoin wallet's maximum bid (offer-ladder.ts in the domain): the wallet cannot sign a higher offer later, so
 * its bidder signs in one sitting an offer at each step up to the maximum, all on the same coins. Placing it
 * builds the ladder (one BtcOffer per step, linked by the lowest step's id, which becomes the bid's id); finalizing
 * takes every step signed, validates each like a single offer, and writes the bid through the proxy path with the
 * steps as the bidder's, so it leads at the lowest step that leads. When a later bid moves it to another step, the
 * proxy write puts that step's offer on the bid (ladder-step.ts). The steps are the bidder's own: shown in their
 * reply only, never in the lot's replies, events, logs or mail. Those between the amount and the maximum are drawn
 * here with the operating system's randomness, so the prices the lot moves through do not give the maximum away
 * (offer-ladder.ts says why).
 */
import { formatAmount, messages, proposeLadderSteps, type Bid } from '@gavel/domain';
import { randomUUID } from 'node:crypto';
import { drawBelow } from '../random-draw.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused, notFound } from '../refused.ts';
import { esploraChainView, prepareLadder, validateBidderSigned } from '../bitcoin/offer/index.ts';
import { admitBid, readLotForBid } from './intake.ts';
import { lotBidState } from './refusal.ts';
import { commitBid } from './place-bid.ts';
import { checkSignedVaultLadder, commitVaultOutputs, type OfferBidDeps } from './vault-bids.ts';
import type { AdmittedBid, PlacedBid } from './bid-types.ts';
import { assertFinalizable, LADDER_NEEDS_EVERY_STEP, offerParties, type OfferInput } from './btc-bids.ts';
import { OFFER_TTL_MS, offerCall, presentOffer } from './btc-offer.ts';

export interface LadderReply {
  bid: Bid;
  ladder: Array<{ bidId: string; amount: string; psbtHex: string }>;
  endTime: Date;
  minimumNextBid: string;
  /** A binding ladder (from the vault): the inputs of every step the wallet signs by the cooperative leaf. */
  vaultInputs?: number[];
}

/** A maximum from a Bitcoin wallet the intake admitted: the ladder's offers built, kept until the wallet signs them all. */
export async function placeBtcLadder(services: OfferBidDeps, user: UserRow, bid: AdmittedBid, input: OfferInput): Promise<LadderReply> {
  const { prisma } = services.db;
  const { lot, amount } = bid;
  const { walletAddress, ordinalsAddress, params } = await offerParties(services, user, lot, input);
  const amounts = proposeLadderSteps(amount, bid.maximum!, bid.increment, drawBelow);
  const ids = amounts.map(() => randomUUID());
  const ladderId = ids[0]!;
  const expiresAt = new Date(Date.now() + OFFER_TTL_MS);
  await prisma.btcOffer.createMany({
    data: amounts.map((step, i) => ({ id: ids[i]!, ladderId, lotId: lot.id, userId: user.id, amount: step.toString(), walletAddress, ordinalsAddress, psbtHex: '', txid: '', expiresAt })),
  });
  try {
    const built = await offerCall(() =>
      prepareLadder(
        services.bitcoin,
        params,
        amounts.map((step, i) => ({ bidId: ids[i]!, price: Number(step) })),
      ),
    );
    await prisma.$transaction(built.map((offer, i) => prisma.btcOffer.update({ where: { id: ids[i]! }, data: { psbtHex: offer.psbtHex, txid: offer.txid } })));
    const pending = presentOffer(ladderId, lot, amount, walletAddress, user, 'pending');
    return {
      bid: { ...pending, maximum: formatAmount(bid.maximum!, 'sats') },
      ladder: built.map((offer, i) => ({ bidId: ids[i]!, amount: formatAmount(amounts[i]!, 'sats'), psbtHex: offer.psbtHex })),
      endTime: lot.endTime,
      minimumNextBid: formatAmount(bid.state.minimum, 'sats'),
    };
  } catch (error) {
    // A refused build leaves nothing behind.
    await prisma.btcOffer.deleteMany({ where: { ladderId } });
    throw error;
  }
}

/**
 * Validates every signed step and writes the bid at the lowest step that leads. The ladder is admitted again as a
 * maximum bid (the lot may have moved on since it was built): its lowest step the amount, its top the maximum.
 */
export async function finalizeBtcLadder(services: OfferBidDeps, user: UserRow, lotId: string, ladderId: string, signedSteps: Array<{ bidId: string; signedPsbtHex: string }>): Promise<PlacedBid> {
  const { prisma } = services.db;
  const offers = await prisma.btcOffer.findMany({ where: { ladderId }, orderBy: { amount: 'asc' } });
  if (offers.length === 0 || offers.some((offer) => offer.userId !== user.id)) throw notFound(messages.bids.bidNotFound);
  for (const offer of offers) assertFinalizable(offer, lotId);
  const signed = new Map(signedSteps.map((step) => [step.bidId, step.signedPsbtHex]));
  if (signed.size !== offers.length || offers.some((offer) => !signed.has(offer.id))) {
    throw new Refused('invalid', LADDER_NEEDS_EVERY_STEP, 'ladder_incomplete', { signedSteps: LADDER_NEEDS_EVERY_STEP });
  }
  const steps = offers.map((offer) => BigInt(offer.amount.toFixed(0)));
  const lot = await readLotForBid(services, lotId);
  // The lot may have moved since the ladder was built: it enters at its lowest step that still meets the minimum.
  const minimum = lotBidState(lot).minimum;
  const amount = steps.find((step) => step >= minimum) ?? steps[0]!;
  const admitted = await admitBid(services, user, lot, amount, 'btc-finalize', steps.at(-1)!.toString());
  const chain = esploraChainView(services.bitcoin.esplora);
  const network = services.config.bitcoin.network;
  // A binding ladder (from the vault) is checked as binding offers are, and its outputs committed with the bid.
  const vault = offers[0]!.vaultId ? await checkSignedVaultLadder(services, user, offers, signed) : null;
  if (!vault) {
    for (const offer of offers) {
      await offerCall(() => validateBidderSigned(signed.get(offer.id), { network, lotId, bidId: offer.id, builtPsbtHex: offer.psbtHex }, chain));
    }
  }

  // One transaction, as for a single offer: the ladder claimed and every signed step kept with it, then the bid
  // written; the proxy write puts the step it leads at on the bid. A refused bid rolls it all back.
  return commitBid(
    services,
    user,
    { ...admitted, steps },
    {
      bidId: ladderId,
      walletAddress: offers[0]!.walletAddress,
      before: async (tx) => {
        const claimed = await tx.btcOffer.updateMany({ where: { ladderId, finalizedAt: null }, data: { finalizedAt: new Date() } });
        if (claimed.count !== offers.length) throw new Refused('conflict', 'This bid is already placed', 'bid_already_finalized');
        for (const offer of offers) await tx.btcOffer.update({ where: { id: offer.id }, data: { signedPsbtHex: vault?.checked.get(offer.id) ?? signed.get(offer.id)! } });
      },
      ...(vault ? { with: (tx, bidId) => commitVaultOutputs(tx, { outpoints: vault.outpoints, vaultId: vault.vaultId, bidId, lotId }) } : {}),
    },
  );
}
