/**
 * Settling an ended BTC lot (admin-side sections 4 and 5): the seller's wallet co-signs input 1 of the
 * winner's signed offer with SIGHASH_SINGLE|ANYONECANPAY; the api checks and merges that signature, finalizes,
 * broadcasts the swap through Esplora and records its txid; once Esplora reports it confirmed, the lot is
 * paid and transferred with that hash ("Auction Complete").
 */
import { fill, psbtMessages as p, type PsbtState } from '@gavel/domain';
import { sellerWalletAddress } from '@gavel/domain/wallet-rules';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { EsploraError } from '../bitcoin/index.ts';
import { completeOffer, esploraChainView, INDEX, OfferError, prepareOffer, validateBidderSigned } from '../bitcoin/offer/index.ts';
import { linkedWallet, offerCall, OFFER_TTL_MS } from './btc-bids.ts';
import { removeSpentLeadingOffers } from './btc-offer-watch.ts';

const AUCTION_NOT_FOUND = 'Auction not found. It may have been deleted.';

async function winnerOf(services: Services, lotId: string) {
  const lot = await services.db.prisma.lot.findUnique({ where: { id: lotId } });
  if (!lot) throw notFound(AUCTION_NOT_FOUND);
  const bid = lot.winningBidId ? await services.db.prisma.bid.findUnique({ where: { id: lot.winningBidId } }) : null;
  return { lot, bid };
}

/** Where the settlement stands; a broadcast swap found confirmed marks the lot paid and transferred. */
export async function settlementState(services: Services, lotId: string): Promise<PsbtState> {
  const { lot, bid } = await winnerOf(services, lotId);
  let confirmations: number | null = null;
  if (lot.txHash && lot.paymentMethod === 'BTC' && lot.sellerSignedPsbtHex) {
    confirmations = await services.bitcoin.esplora.confirmations(lot.txHash).catch(() => null);
    if (confirmations !== null && confirmations > 0 && !lot.transferred) {
      const now = new Date();
      await services.db.prisma.lot.updateMany({
        where: { id: lot.id, transferred: false },
        data: { paid: true, paidAt: lot.paidAt ?? now, transferred: true, transferredAt: now, transferTransactionHash: lot.txHash },
      });
    }
  }
  const stage = !bid?.signedPsbtHex ? 'no_winner' : !lot.sellerSignedPsbtHex ? 'awaiting_seller' : confirmations && confirmations > 0 ? 'confirmed' : 'broadcast';
  return {
    lotId: lot.id,
    stage,
    winningBidId: bid?.id ?? null,
    psbtHex: bid?.signedPsbtHex ?? null,
    sellerInputIndices: [INDEX.sellerInput],
    txid: lot.sellerSignedPsbtHex ? lot.txHash : null,
    confirmations,
  };
}

/**
 * The seller's co-signature checked and merged into the winner's signed offer: the complete swap, not yet
 * broadcast. POST /psbt/create-complete-psbt answers it as is; seller-sign broadcasts it.
 */
export async function completeForSeller(services: Services, user: UserRow, body: { auctionId: string; walletAddress: string; signedPsbtHex: string }) {
  const { lot, bid } = await winnerOf(services, body.auctionId);
  if (lot.creatorId !== user.id && user.role !== 'admin') throw new HttpError(403, 'Only the seller of this lot or an admin can do this', 'not_seller');
  if (!sellerWalletAddress([body.walletAddress], lot.sellerWalletAddress)) {
    throw new HttpError(403, p.walletMismatch, 'wallet_mismatch', { walletAddress: p.walletMismatch });
  }
  if (lot.sellerSignedPsbtHex) throw new HttpError(409, p.alreadySettled, 'already_settled');
  if (lot.status !== 'ended' || !bid?.signedPsbtHex) throw new HttpError(409, p.noTemplate, 'no_psbt_template');
  try {
    return { lot, swap: completeOffer(bid.signedPsbtHex, body.signedPsbtHex, services.config.bitcoin.network) };
  } catch (error) {
    if (error instanceof OfferError) throw new HttpError(400, error.message, error.code, { signedPsbtHex: error.message });
    throw error;
  }
}

export async function sellerSign(services: Services, user: UserRow, body: { auctionId: string; walletAddress: string; signedPsbtHex: string }): Promise<PsbtState> {
  const { lot, swap } = await completeForSeller(services, user, body);
  try {
    await services.bitcoin.esplora.broadcast(swap.txHex);
  } catch (error) {
    // Esplora's 400 is the node refusing the swap (an input spent since the bid, ...): the offer is dead.
    if (error instanceof EsploraError && error.status === 400) {
      const reason = fill(p.offerInvalid, { reason: error.body.replace(/^sendrawtransaction RPC error: /, '') });
      throw new HttpError(409, reason, 'offer_invalid');
    }
    throw new HttpError(503, p.sellerSignFailed, 'bitcoin_unavailable');
  }
  await services.db.prisma.lot.update({ where: { id: lot.id }, data: { sellerSignedPsbtHex: body.signedPsbtHex, txHash: swap.txid } });
  return settlementState(services, lot.id);
}

/**
 * The worker's loop over broadcast swaps not yet seen confirmed: each turn asks Esplora once per such lot,
 * so a lot becomes paid and transferred within one turn of its swap's first confirmation, with nobody
 * watching the page. Idempotent: the update only matches a lot not transferred yet. Each turn also removes
 * leading bids whose offers were spent (btc-offer-watch.ts).
 */
export function startSettlementFollower(services: Services, everyMs = services.config.bitcoin.followEveryMs): { close(): Promise<void> } {
  let running: Promise<void> | null = null;
  const turn = async () => {
    const pending = await services.db.prisma.lot.findMany({
      where: { paymentMethod: 'BTC', sellerSignedPsbtHex: { not: null }, transferred: false },
      select: { id: true },
      take: 100,
    });
    for (const lot of pending) await settlementState(services, lot.id);
    await removeSpentLeadingOffers(services);
  };
  const timer = setInterval(() => {
    running ??= turn()
      .catch((error: Error) => services.log.warn({ err: error.message }, 'settlement follower turn failed'))
      .finally(() => (running = null));
  }, everyMs);
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}

/** The winner's wallet a claim pays from (a linked payment address) and sends the inscription to. */
interface ClaimWallet {
  walletAddress: string;
  ordinalsAddress?: string;
  paymentPublicKey?: string;
}

/** The ended lot and winning bid a claim is for, refused to anyone but the winner of a lot still to settle. */
async function claimable(services: Services, user: UserRow, auctionId: string) {
  const { lot, bid } = await winnerOf(services, auctionId);
  if (lot.status !== 'ended' || !bid || lot.winnerId !== user.id) throw new HttpError(403, 'Only the winner of this auction can claim it', 'not_winner');
  if (lot.sellerSignedPsbtHex) throw new HttpError(409, p.alreadySettled, 'already_settled');
  if (!lot.inscriptionId || !lot.sellerWalletAddress || !services.config.bitcoin.platformFeeAddress) throw new HttpError(409, p.templateFailed, 'lot_not_ready');
  return { lot, bid };
}

/** The claim's offer at the winning amount, from the winner's current UTXOs, bound to the winning bid. */
async function buildClaim(services: Services, user: UserRow, claim: Awaited<ReturnType<typeof claimable>>, wallet: ClaimWallet) {
  const { lot, bid } = claim;
  const walletAddress = await linkedWallet(services, user, wallet.walletAddress);
  const ordinalsAddress = wallet.ordinalsAddress ?? walletAddress;
  const built = await offerCall(() =>
    prepareOffer(services.bitcoin, {
      lotId: lot.id,
      bidId: bid.id,
      price: Number(bid.amount.toFixed(0)),
      inscriptionId: lot.inscriptionId!,
      seller: { payoutAddress: lot.sellerWalletAddress! },
      bidder: { paymentAddress: walletAddress, ordinalsAddress, paymentPublicKey: wallet.paymentPublicKey },
      platformFeeAddress: services.config.bitcoin.platformFeeAddress!,
    }),
  );
  return { walletAddress, ordinalsAddress, psbtHex: built.psbtHex, txid: built.txid, expiresAt: new Date(Date.now() + OFFER_TTL_MS) };
}

/**
 * The winner's claim when the winning offer can no longer be broadcast (an input spent since the bid): a
 * fresh offer at the winning amount from the winner's current UTXOs, bound to the winning bid. Signed and
 * checked by claimWithTemplate, it replaces the bid's PSBTs, and the seller co-signs that one.
 */
export async function createWinnerTemplate(services: Services, user: UserRow, body: ClaimWallet & { auctionId: string }): Promise<{ templateId: string; psbtHex: string }> {
  const claim = await claimable(services, user, body.auctionId);
  const built = await buildClaim(services, user, claim, body);
  const template = await services.db.prisma.btcOffer.create({ data: { lotId: claim.lot.id, userId: user.id, amount: claim.bid.amount, ...built } });
  return { templateId: template.id, psbtHex: built.psbtHex };
}

/**
 * A claim template rebuilt with other inputs (add-winner-inputs: another linked payment address, or the same
 * one after its UTXOs changed) or another inscription destination (add-outputs); the fields not given keep the
 * template's. The template keeps its id and gets a fresh signing window.
 */
export async function reviseWinnerTemplate(
  services: Services,
  user: UserRow,
  body: Partial<ClaimWallet> & { auctionId: string; templateId: string },
): Promise<{ templateId: string; psbtHex: string }> {
  const claim = await claimable(services, user, body.auctionId);
  const template = await services.db.prisma.btcOffer.findUnique({ where: { id: body.templateId } });
  if (!template || template.userId !== user.id || template.lotId !== claim.lot.id || template.finalizedAt) throw new HttpError(404, p.noTemplate, 'no_psbt_template');
  const built = await buildClaim(services, user, claim, {
    walletAddress: body.walletAddress ?? template.walletAddress,
    ordinalsAddress: body.ordinalsAddress ?? template.ordinalsAddress,
    paymentPublicKey: body.paymentPublicKey,
  });
  await services.db.prisma.btcOffer.update({ where: { id: template.id }, data: built });
  return { templateId: template.id, psbtHex: built.psbtHex };
}

export async function claimWithTemplate(services: Services, user: UserRow, body: { auctionId: string; templateId: string; signedPsbtHex: string }): Promise<PsbtState> {
  const { lot, bid } = await winnerOf(services, body.auctionId);
  if (!bid || lot.winnerId !== user.id) throw new HttpError(403, 'Only the winner of this auction can claim it', 'not_winner');
  if (lot.sellerSignedPsbtHex) throw new HttpError(409, p.alreadySettled, 'already_settled');
  const template = await services.db.prisma.btcOffer.findUnique({ where: { id: body.templateId } });
  if (!template || template.userId !== user.id || template.lotId !== lot.id) throw new HttpError(404, p.noTemplate, 'no_psbt_template');
  if (template.expiresAt <= new Date()) throw new HttpError(410, 'This claim expired before it was signed. Please start the claim again.', 'offer_expired');
  const context = { network: services.config.bitcoin.network, lotId: lot.id, bidId: bid.id, builtPsbtHex: template.psbtHex };
  await offerCall(() => validateBidderSigned(body.signedPsbtHex, context, esploraChainView(services.bitcoin.esplora)));
  await services.db.prisma.$transaction([
    services.db.prisma.bid.update({ where: { id: bid.id }, data: { psbtHex: template.psbtHex, signedPsbtHex: body.signedPsbtHex } }),
    services.db.prisma.btcOffer.update({ where: { id: template.id }, data: { finalizedAt: new Date() } }),
  ]);
  return settlementState(services, lot.id);
}
