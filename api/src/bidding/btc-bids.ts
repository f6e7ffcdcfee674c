/**
 * Bids on BTC lots are signed offers (the spec's Bitcoin bidding and PSBT rules). Placing one builds the offer
 * PSBT from the bidder's UTXOs and keeps it as a BtcOffer; nothing changes on the lot yet. The wallet signs the
 * bidder's inputs and POST /auctions/:id/finalize (or the lot-v2 route) validates the signed PSBT against the
 * one built (api/src/bitcoin/offer), then writes the bid with the offer's id through the bid intake, exactly
 * like any other bid: the lot's price moves, the previous bid is outbid. An offer left unsigned expires after
 * OFFER_TTL_MS.
 */
import { formatAmount, messages } from '@gavel/domain';
import { bindingBidMessages } from '@gavel/domain/binding-bids';
import type { UserRow } from '../auth/session.ts';
import { Refused, notFound } from '../refused.ts';
import { esploraChainView, prepareOffer, validateBidderSigned } from '../bitcoin/offer/index.ts';
import { OFFER_TTL_MS, offerCall, presentOffer, type OfferReply } from './btc-offer.ts';
import { admitBid, linkedWallet, readLotForBid } from './intake.ts';
import { commitBid } from './place-bid.ts';
import { finalizeVaultOffer, type OfferBidDeps } from './vault-bids.ts';
import type { AdmittedBid, PlacedBid } from './bid-types.ts';
import { lotRates } from '../house/rates.ts';

const bidMessages = messages.bids;
/** Not a spec text: the reply to the build step, before the wallet signs. */
export const SIGN_TO_PLACE = 'Sign the transaction in your wallet to place the bid';

/** What the bid reply says of an offer's force: binding from the vault, or not binding from the wallet's coins. */
export function bindingOfOffer(offer: OfferReply | object): { binding: boolean; bindingNote: string; inputsToSign?: number[] } {
  if ('vaultInputs' in offer && offer.vaultInputs) return { binding: true, bindingNote: bindingBidMessages.binding, inputsToSign: offer.vaultInputs };
  return { binding: false, bindingNote: bindingBidMessages.notBinding };
}

export interface OfferInput {
  walletAddress?: string;
  ordinalsAddress?: string;
  paymentPublicKey?: string;
}

/**
 * What every offer on this lot is built with: the lot's inscription and seller, the bidder's linked wallet, the
 * platform's fee address, and the buyer's premium of the lot's event, which the swap pays to that address.
 */
export async function offerParties(services: OfferBidDeps, user: UserRow, lot: Pick<AdmittedBid['lot'], 'id' | 'inscriptionId' | 'sellerWalletAddress'>, input: OfferInput) {
  if (!lot.inscriptionId || !lot.sellerWalletAddress) throw new Refused('conflict', 'This lot has no inscription to sell yet', 'lot_not_ready');
  const walletAddress = await linkedWallet(services, user, input.walletAddress);
  const platformFeeAddress = services.config.bitcoin.platformFeeAddress;
  if (!platformFeeAddress) throw new Refused('unavailable', 'Bitcoin bidding is not configured (BITCOIN_PLATFORM_FEE_ADDRESS)', 'bitcoin_unconfigured');
  const ordinalsAddress = input.ordinalsAddress ?? walletAddress;
  const { premium, commission } = await lotRates(services.db.prisma, lot.id);
  return {
    walletAddress,
    ordinalsAddress,
    params: {
      lotId: lot.id,
      inscriptionId: lot.inscriptionId,
      seller: { payoutAddress: lot.sellerWalletAddress },
      bidder: { paymentAddress: walletAddress, ordinalsAddress, paymentPublicKey: input.paymentPublicKey },
      platformFeeAddress,
      premium,
      commission,
    },
  };
}

/** An offer bid the intake admitted: the PSBT built from the bidder's UTXOs, kept until the wallet signs it. */
export async function placeBtcOffer(services: OfferBidDeps, user: UserRow, bid: AdmittedBid, input: OfferInput): Promise<OfferReply> {
  const { prisma } = services.db;
  const { lot, amount } = bid;
  const { walletAddress, ordinalsAddress, params } = await offerParties(services, user, lot, input);

  const offer = await prisma.btcOffer.create({
    data: {
      lotId: lot.id,
      userId: user.id,
      amount: amount.toString(),
      walletAddress,
      ordinalsAddress,
      psbtHex: '',
      txid: '',
      expiresAt: new Date(Date.now() + OFFER_TTL_MS),
    },
  });
  try {
    const built = await offerCall(() => prepareOffer(services.bitcoin, { ...params, bidId: offer.id, price: Number(amount) }));
    await prisma.btcOffer.update({ where: { id: offer.id }, data: { psbtHex: built.psbtHex, txid: built.txid } });
    return { psbtHex: built.psbtHex, bid: presentOffer(offer.id, lot, amount, walletAddress, user, 'pending'), endTime: lot.endTime, minimumNextBid: formatAmount(bid.state.minimum, 'sats') };
  } catch (error) {
    // A refused build leaves nothing behind.
    await prisma.btcOffer.delete({ where: { id: offer.id } });
    throw error;
  }
}

/** Not a spec text: a maximum's ladder is placed with every step signed. */
export const LADDER_NEEDS_EVERY_STEP = 'Sign every step of your maximum bid to place it';

/** An offer (or a ladder, by its lowest step) its bidder may still place on this lot. */
export function assertFinalizable(offer: { lotId: string; finalizedAt: Date | null; expiresAt: Date }, lotId: string): void {
  if (offer.lotId !== lotId) throw new Refused('invalid', 'This bid belongs to another lot', 'psbt_other_lot', { bidId: 'This bid belongs to another lot' });
  if (offer.finalizedAt) throw new Refused('conflict', 'This bid is already placed', 'bid_already_finalized');
  if (offer.expiresAt <= new Date()) throw new Refused('gone', 'This bid expired before it was signed. Please place it again.', 'offer_expired');
}

/**
 * Validates the signed offer and writes the bid; answers what placing it did, for the usual announcements. The
 * offer is admitted again as a bid (the lot may have moved on, or the whitelist changed, since it was built).
 */
export async function finalizeBtcOffer(services: OfferBidDeps, user: UserRow, lotId: string, bidId: string, signedPsbtHex: unknown): Promise<PlacedBid> {
  const { prisma } = services.db;
  const offer = await prisma.btcOffer.findUnique({ where: { id: bidId } });
  if (!offer || offer.userId !== user.id) throw notFound(bidMessages.bidNotFound);
  assertFinalizable(offer, lotId);
  // One step of a maximum's ladder is no bid of its own: placed alone it would drop the maximum the bidder signed for.
  if (offer.ladderId) throw new Refused('invalid', LADDER_NEEDS_EVERY_STEP, 'ladder_incomplete', { signedSteps: LADDER_NEEDS_EVERY_STEP });
  // A binding offer spends the bidder's vault: its own checks and the outputs' commitments (vault-bids.ts).
  if (offer.vaultId) return finalizeVaultOffer(services, user, offer, signedPsbtHex);
  const bid = await admitBid(services, user, await readLotForBid(services, lotId), BigInt(offer.amount.toFixed(0)), 'btc-finalize');
  await offerCall(() => validateBidderSigned(signedPsbtHex, { network: services.config.bitcoin.network, lotId, bidId, builtPsbtHex: offer.psbtHex }, esploraChainView(services.bitcoin.esplora)));

  // One transaction: the offer claimed, the bid written and its signed offer stored with it, so a leading bid
  // never lacks the PSBT its seller co-signs. The claim comes first: of finalizes racing with the same signed
  // PSBT, the others wait for it and find the bid placed. A refused bid rolls the claim back, so the offer may
  // be finalized again.
  return commitBid(services, user, bid, {
    bidId: offer.id,
    walletAddress: offer.walletAddress,
    before: async (tx) => {
      const claimed = await tx.btcOffer.updateMany({ where: { id: offer.id, finalizedAt: null }, data: { finalizedAt: new Date() } });
      if (claimed.count === 0) throw new Refused('conflict', 'This bid is already placed', 'bid_already_finalized');
    },
    with: async (tx) => {
      await tx.bid.update({ where: { id: offer.id }, data: { psbtHex: offer.psbtHex, signedPsbtHex: signedPsbtHex as string } });
    },
  });
}
