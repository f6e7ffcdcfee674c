/**
 * Buy Now on a BTC lot is a signed offer at the Buy Now price, exactly as a bid is (btc-bids.ts): the same swap
 * layout, validation and unspent check, so a Bitcoin purchase is as binding as a Bitcoin bid and never ends a lot
 * on a wallet address alone.
 *
 * POST /auctions/:id/buy-now/offer builds the swap from the buyer's linked wallet at the server's Buy Now price
 * and keeps it as a BtcOffer marked buyNow. The wallet signs the buyer's inputs; POST /auctions/:id/buy-now with
 * the offer's id and the signed PSBT validates it against the one built, then one transaction claims the offer,
 * ends the lot only if it is still open at that Buy Now price (the same conditional update a card purchase
 * passes), writes the winning bid with the signed offer and cancels the others. From there the lot settles like
 * any won BTC lot: the seller co-signs the winning offer by a deadline (bitcoin-settlement/win-watch.ts).
 */
import { displayAmount, formatAmount, checkoutMessages, type BuyNowOfferBody, type BuyNowOfferReply } from '@gavel/domain';
import type { Lot, Prisma } from '../generated/prisma/client.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { esploraChainView, prepareOffer, validateBidderSigned } from '../bitcoin/offer/index.ts';
import { offerParties } from '../bidding/btc-bids.ts';
import { offerCall, OFFER_TTL_MS } from '../bidding/btc-offer.ts';
import { wonMail } from '../mail/templates.ts';
import { buildVaultOfferFor, checkSignedVaultOffer, commitVaultOutputs, type OfferBidDeps } from '../bidding/vault-bids.ts';
import { vaultBidsRequired } from '@gavel/domain/binding-bids';

/** POST /auctions/:id/buy-now/offer: the swap at the Buy Now price, built for the buyer's wallet to sign. */
export async function buildBuyNowOffer(services: OfferBidDeps, user: UserRow, lot: Lot, price: bigint, input: BuyNowOfferBody): Promise<BuyNowOfferReply> {
  const { prisma } = services.db;
  // A lot requiring binding bids is bought from the buyer's vault too (bidding/vault-bids.ts).
  const event = await prisma.auctionEvent.findUnique({ where: { id: lot.auctionEventId }, select: { vaultBidsRequired: true } });
  if (vaultBidsRequired(lot, event)) {
    const built = await buildVaultOfferFor(services, user, lot, price, true);
    return {
      message: checkoutMessages.signToBuy,
      data: {
        bidId: built.offerId,
        psbtHex: built.psbtHex,
        amount: formatAmount(price, 'sats'),
        unit: 'sats',
        expiresAt: built.expiresAt.toISOString(),
        binding: true,
        inputsToSign: built.vaultInputs,
      },
    };
  }
  const { walletAddress, ordinalsAddress, params } = await offerParties(services, user, lot, input);
  const expiresAt = new Date(Date.now() + OFFER_TTL_MS);
  const offer = await prisma.btcOffer.create({
    data: { lotId: lot.id, userId: user.id, amount: price.toString(), walletAddress, ordinalsAddress, psbtHex: '', txid: '', expiresAt, buyNow: true },
  });
  try {
    const built = await offerCall(() => prepareOffer(services.bitcoin, { ...params, bidId: offer.id, price: Number(price) }));
    await prisma.btcOffer.update({ where: { id: offer.id }, data: { psbtHex: built.psbtHex, txid: built.txid } });
    return {
      message: checkoutMessages.signToBuy,
      data: { bidId: offer.id, psbtHex: built.psbtHex, amount: formatAmount(price, 'sats'), unit: 'sats', expiresAt: expiresAt.toISOString() },
    };
  } catch (error) {
    // A refused build leaves nothing behind.
    await prisma.btcOffer.delete({ where: { id: offer.id } });
    throw error;
  }
}

/**
 * The signed Buy Now offer, checked before anything changes: this buyer's, for this lot, unused, unexpired, at
 * today's Buy Now price (an admin who changed it since makes the buyer start again), and valid on the chain.
 */
export async function checkSignedBuyNowOffer(services: OfferBidDeps, user: UserRow, lot: Lot, price: bigint, bidId: string | undefined, signedPsbtHex: string | undefined) {
  if (!bidId || !signedPsbtHex) {
    const field = bidId ? 'signedPsbtHex' : 'bidId';
    throw new Refused('invalid', checkoutMessages.buyNowOfferRequired, 'buy_now_offer_required', { [field]: checkoutMessages.buyNowOfferRequired });
  }
  const offer = await services.db.prisma.btcOffer.findUnique({ where: { id: bidId } });
  if (!offer?.buyNow || offer.userId !== user.id || offer.lotId !== lot.id) {
    throw new Refused('not_found', checkoutMessages.buyNowOfferNotFound, 'buy_now_offer_not_found', { bidId: checkoutMessages.buyNowOfferNotFound });
  }
  if (offer.finalizedAt) throw new Refused('conflict', checkoutMessages.buyNowOfferUsed, 'buy_now_offer_used');
  if (offer.expiresAt <= new Date()) throw new Refused('gone', checkoutMessages.buyNowOfferExpired, 'offer_expired');
  if (BigInt(offer.amount.toFixed(0)) !== price) {
    throw new Refused('conflict', checkoutMessages.buyNowOfferExpired, 'amount_mismatch', undefined, { buyNowPrice: formatAmount(price, 'sats') });
  }
  if (offer.vaultId) {
    const vault = await checkSignedVaultOffer(services, user, offer, signedPsbtHex);
    return { offer, signedPsbtHex: vault.checked, vault };
  }
  const context = { network: services.config.bitcoin.network, lotId: lot.id, bidId: offer.id, builtPsbtHex: offer.psbtHex };
  await offerCall(() => validateBidderSigned(signedPsbtHex, context, esploraChainView(services.bitcoin.esplora)));
  return { offer, signedPsbtHex, vault: null };
}

export type SignedBuyNowOffer = Awaited<ReturnType<typeof checkSignedBuyNowOffer>>;

/**
 * Inside the purchase's transaction, right after its conditional update ended the lot: the offer claimed (a
 * second request with the same offer rolls back), the winning bid written with the signed swap the seller
 * co-signs, the lot pointed at it with the seller's co-signing deadline, and the won mail.
 */
export async function commitBtcPurchase(tx: Prisma.TransactionClient, services: OfferBidDeps, user: UserRow, lot: Lot, price: bigint, signed: SignedBuyNowOffer): Promise<{ mailId: string | null }> {
  const { offer, signedPsbtHex } = signed;
  const claimed = await tx.btcOffer.updateMany({ where: { id: offer.id, finalizedAt: null }, data: { finalizedAt: new Date() } });
  if (claimed.count === 0) throw new Refused('conflict', checkoutMessages.buyNowOfferUsed, 'buy_now_offer_used');
  // Written after the other bids were cancelled, and not open: the lot has ended with it.
  await tx.bid.create({
    data: { id: offer.id, lotId: lot.id, userId: user.id, amount: price.toString(), walletAddress: offer.walletAddress, status: 'active', psbtHex: offer.psbtHex, signedPsbtHex, lotOpen: false },
  });
  const sellerSignBy = new Date(Date.now() + services.config.bitcoin.sellerSignDueMs);
  await tx.lot.update({ where: { id: lot.id }, data: { winningBidId: offer.id, winnerWalletAddress: offer.walletAddress, sellerSignDueAt: sellerSignBy } });
  // A binding purchase: its vault outputs back it until the swap, as a leading bid's do.
  if (signed.vault) await commitVaultOutputs(tx, { outpoints: signed.vault.outpoints, vaultId: signed.vault.vaultId, bidId: offer.id, lotId: lot.id });
  const mail = await tx.outboxMail.create({
    data: wonMail({ email: user.email, userId: user.id }, lot.title, displayAmount(price, 'sats'), lot.id, lot.auctionEventId, { by: 'bitcoin_offer', sellerSignBy }),
    select: { id: true },
  });
  return { mailId: mail.id };
}
