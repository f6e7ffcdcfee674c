/**
 * Settling an ended BTC lot: the seller's wallet co-signs input 1 of the
 * winner's signed offer; the api checks and merges that signature, finalizes, records the swap and then
 * broadcasts it through Esplora (bitcoin-settlement/swap.ts); once Esplora reports it confirmed, the lot is paid and
 * transferred with that hash ("Auction Complete"). When the winning offer can no longer be broadcast, the
 * winner claims with a fresh offer the seller co-signs instead.
 */
import { fill, psbtMessages, settlementMessages, type PsbtState } from '@gavel/domain';
import { sellerWalletAddress } from '@gavel/domain/wallet-rules';
import type { BitcoinAccess, BitcoinConfig } from '../bitcoin/index.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused, notFound } from '../refused.ts';
import { addressOfScript } from '../bitcoin/network.ts';
import { checkUnspent, esploraChainView, finalizeSwap, OfferError, parsePsbtHex, prepareOffer, validateBidderSigned, withSellerSignature, type SettledSwap } from '../bitcoin/offer/index.ts';
import { sellerInputIndexOf, vaultLayoutOf } from '../bitcoin/vault/vault-offer.ts';
import { awaitVaultSwap, queueVaultSwap, type VaultSwapDeps } from './vault-settle.ts';
import { offerCall, OFFER_TTL_MS } from '../bidding/btc-offer.ts';
import { linkedWallet } from '../bidding/intake.ts';
import { broadcastRecorded, expectedSwapTxid, markSwapConfirmed, recordSwap, swapRefusal } from './swap.ts';
import { anyCase, isSellerOf } from '../wallet/linked.ts';
import { lotRates } from '../house/rates.ts';

const AUCTION_NOT_FOUND = 'Auction not found. It may have been deleted.';

/** Settling a won BTC lot records and sends its swap, the binding one too, and builds and checks offers on Bitcoin. */
export type SettlementDeps = VaultSwapDeps & { bitcoin: BitcoinAccess; config: { bitcoin: BitcoinConfig } };

async function winnerOf(services: SettlementDeps, lotId: string) {
  const lot = await services.db.prisma.lot.findUnique({ where: { id: lotId } });
  if (!lot) throw notFound(AUCTION_NOT_FOUND);
  const bid = lot.winningBidId ? await services.db.prisma.bid.findUnique({ where: { id: lot.winningBidId } }) : null;
  return { lot, bid };
}

/** Where the settlement stands; a recorded swap found confirmed marks the lot paid and transferred. */
async function settlementState(services: SettlementDeps, lotId: string): Promise<PsbtState> {
  const { lot, bid } = await winnerOf(services, lotId);
  let confirmations: number | null = null;
  if (lot.swapTxid) {
    confirmations = await services.bitcoin.esplora.confirmations(lot.swapTxid).catch(() => null);
    if (confirmations !== null && confirmations > 0 && !lot.transferred) await markSwapConfirmed(services, lot, lot.swapTxid);
  }
  const confirmed = lot.swapTxid !== null && (lot.transferred || (confirmations ?? 0) > 0);
  // Paid or transferred by hand: the winner's offer must not be co-signed (and so paid) a second time.
  const byHand = !lot.swapTxid && (lot.paid || lot.transferred);
  const stage = lot.swapTxid ? (confirmed ? 'confirmed' : 'broadcast') : byHand ? 'settled_by_hand' : !bid?.signedPsbtHex ? 'no_winner' : 'awaiting_seller';
  return {
    lotId: lot.id,
    stage,
    winningBidId: bid?.id ?? null,
    psbtHex: byHand ? null : (bid?.signedPsbtHex ?? null),
    sellerInputIndices: [bid?.signedPsbtHex ? sellerInputIndexOf(parsePsbtHex(bid.signedPsbtHex, services.config.bitcoin.network)) : 1],
    txid: lot.swapTxid,
    confirmations,
  };
}

/** The settlement as `viewer` sees it: the winner's signed offer is shown to the winner and the seller only. */
export async function settlementStateFor(services: SettlementDeps, lotId: string, viewer: UserRow): Promise<PsbtState> {
  const state = await settlementState(services, lotId);
  const lot = await services.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId }, select: { creatorId: true, winnerId: true, sellerWalletAddress: true } });
  const party = lot.winnerId === viewer.id || (await isSellerOf(services.db.prisma, viewer, lot));
  return party ? state : { ...state, psbtHex: null };
}

/** The swap recorded for the lot, with its network hex once there is a txid (null before the seller co-signs). */
export async function swapTransaction(services: SettlementDeps, lotId: string) {
  const { lotId: id, stage, txid, confirmations } = await settlementState(services, lotId);
  const { swapTxHex } = await services.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId }, select: { swapTxHex: true } });
  return { lotId: id, stage, txid, confirmations, txHex: txid ? swapTxHex : null };
}

/** The address the seller's inscription input spends from, which the seller's co-signature proves. */
function sellerInputAddress(services: SettlementDeps, offerHex: string): string | null {
  const network = services.config.bitcoin.network;
  const offer = parsePsbtHex(offerHex, network);
  const utxo = offer.data.inputs[sellerInputIndexOf(offer)]?.witnessUtxo;
  return utxo ? addressOfScript(utxo.script, network) : null;
}

/**
 * The seller's co-signature checked and merged into the winner's signed offer: the complete swap, not yet
 * recorded or broadcast. POST /psbt/create-complete-psbt answers it as is; seller-sign broadcasts it. The
 * caller is the lot's seller (isSellerOf) and walletAddress the seller address, case-insensitive, proved
 * either by being linked to the caller or by the co-signature itself when input 1 spends from it (the
 * dapp links a Bitcoin wallet's payment address, while the seller address is usually its ordinals one).
 */
export async function completeForSeller(services: SettlementDeps, user: UserRow, body: { auctionId: string; walletAddress: string; signedPsbtHex: string }) {
  const { lot, bid } = await winnerOf(services, body.auctionId);
  if (!(await isSellerOf(services.db.prisma, user, lot))) throw new Refused('forbidden', settlementMessages.notSeller, 'not_seller');
  const walletAddress = sellerWalletAddress([body.walletAddress], lot.sellerWalletAddress);
  if (!walletAddress) throw new Refused('forbidden', psbtMessages.walletMismatch, 'wallet_mismatch', { walletAddress: psbtMessages.walletMismatch });
  const refusal = swapRefusal(lot);
  if (refusal) throw refusal;
  if (lot.status !== 'ended' || !bid?.signedPsbtHex) throw new Refused('conflict', psbtMessages.noTemplate, 'no_psbt_template');
  // A binding offer's vault inputs still wait for Gavel's signature (the worker's): merged, not finalized here.
  let swap: SettledSwap | null = null;
  let vaultSwap: ReturnType<typeof withSellerSignature> | null = null;
  try {
    const network = services.config.bitcoin.network;
    const offer = parsePsbtHex(bid.signedPsbtHex, network);
    const merged = withSellerSignature(bid.signedPsbtHex, body.signedPsbtHex, network, sellerInputIndexOf(offer));
    if (vaultLayoutOf(offer) === null) swap = finalizeSwap(merged);
    else vaultSwap = merged;
  } catch (error) {
    if (error instanceof OfferError) throw new Refused('invalid', error.message, error.code, { signedPsbtHex: error.message });
    throw error;
  }
  const linked = await services.db.prisma.wallet.findFirst({ where: { userId: user.id, isConnected: true, address: anyCase(walletAddress) }, select: { id: true } });
  if (!linked && sellerInputAddress(services, bid.signedPsbtHex)?.toLowerCase() !== walletAddress.toLowerCase()) {
    throw new Refused('forbidden', psbtMessages.walletNotProved, 'wallet_not_linked', { walletAddress: psbtMessages.walletNotProved });
  }
  return { lot, swap, vaultSwap };
}

/**
 * The co-signed swap recorded, then broadcast: two co-signs at once record (and broadcast) it once, the other
 * refusing it as a conflict. A swap the node refuses is forgotten again (offer_invalid, the winner may claim); one Esplora
 * could not be reached for stays recorded, and the worker broadcasts it (bitcoin-settlement/swap.ts).
 */
export async function sellerSign(services: SettlementDeps, user: UserRow, body: { auctionId: string; walletAddress: string; signedPsbtHex: string }): Promise<PsbtState> {
  const { lot, swap, vaultSwap } = await completeForSeller(services, user, body);
  if (vaultSwap) {
    // Gavel's co-signature and the broadcast follow in the worker (bitcoin-settlement/vault-settle.ts); the state says when sent.
    await queueVaultSwap(services, lot.id, vaultSwap);
    await awaitVaultSwap(services, lot.id);
    return settlementState(services, lot.id);
  }
  if (!swap) throw new Refused('conflict', psbtMessages.noTemplate, 'no_psbt_template');
  await recordSwap(services, lot.id, body.signedPsbtHex, swap);
  const outcome = await broadcastRecorded(services, lot.id, swap);
  if (!outcome.sent && outcome.refused !== null) throw new Refused('conflict', fill(psbtMessages.offerInvalid, { reason: outcome.refused }), 'offer_invalid');
  if (!outcome.sent) throw new Refused('unavailable', psbtMessages.sellerSignFailed, 'bitcoin_unavailable');
  return settlementState(services, lot.id);
}

/** A claim replaces the winning offer only once that offer can no longer be broadcast (an input spent or gone). */
async function refuseValidOffer(services: SettlementDeps, offerHex: string | null): Promise<void> {
  if (!offerHex) return;
  // Its inputs spent by the swap itself (the seller broadcast it elsewhere): that is the lot being paid, not a
  // dead offer; the follower records it when it confirms.
  const swapTxid = expectedSwapTxid(offerHex, services.config.bitcoin.network);
  if ((await offerCall(() => services.bitcoin.esplora.confirmations(swapTxid))) !== null) {
    throw new Refused('conflict', fill(settlementMessages.swapRecorded, { txid: swapTxid }), 'swap_recorded');
  }
  const offer = parsePsbtHex(offerHex, services.config.bitcoin.network);
  // Esplora unreachable is unavailable (offerCall); an OfferError here is the offer found dead, which allows the claim.
  const dead = await offerCall(() =>
    checkUnspent(offer, esploraChainView(services.bitcoin.esplora)).then(
      () => false,
      (error: unknown) => (error instanceof OfferError ? true : Promise.reject(error)),
    ),
  );
  if (!dead) throw new Refused('conflict', psbtMessages.offerStillValid, 'offer_still_valid');
}

/** The winner's wallet a claim pays from (a linked payment address) and sends the inscription to. */
interface ClaimWallet {
  walletAddress: string;
  ordinalsAddress?: string;
  paymentPublicKey?: string;
}

/** The ended lot and winning bid a claim is for, refused to anyone but the winner of a lot still to settle. */
async function claimable(services: SettlementDeps, user: UserRow, auctionId: string) {
  const { lot, bid } = await winnerOf(services, auctionId);
  if (!bid || lot.winnerId !== user.id) throw new Refused('forbidden', 'Only the winner of this auction can claim it', 'not_winner');
  if (lot.status !== 'ended') throw new Refused('conflict', psbtMessages.notEnded, 'lot_not_ended');
  // A card bid pays by its captured hold; a claim would have the winner pay again in BTC.
  if (bid.paymentIntentId) throw new Refused('conflict', psbtMessages.wonByCard, 'won_by_card');
  const refusal = swapRefusal(lot);
  if (refusal) throw refusal;
  return { lot, bid };
}

/**
 * The claim's offer at the winning amount, from the winner's current UTXOs, bound to the winning bid; only
 * for a lot with what an offer needs, and once the winning offer is dead.
 */
async function buildClaim(services: SettlementDeps, user: UserRow, claim: Awaited<ReturnType<typeof claimable>>, wallet: ClaimWallet) {
  const { lot, bid } = claim;
  if (!lot.inscriptionId || !lot.sellerWalletAddress || !services.config.bitcoin.platformFeeAddress) throw new Refused('conflict', psbtMessages.templateFailed, 'lot_not_ready');
  await refuseValidOffer(services, bid.signedPsbtHex);
  const walletAddress = await linkedWallet(services, user, wallet.walletAddress);
  const ordinalsAddress = wallet.ordinalsAddress ?? walletAddress;
  // The claim pays what the winning bid did: the hammer less the commission to the seller, the rest to the house.
  const { premium, commission } = await lotRates(services.db.prisma, lot.id);
  const built = await offerCall(() =>
    prepareOffer(services.bitcoin, {
      lotId: lot.id,
      bidId: bid.id,
      price: Number(bid.amount.toFixed(0)),
      inscriptionId: lot.inscriptionId!,
      seller: { payoutAddress: lot.sellerWalletAddress! },
      bidder: { paymentAddress: walletAddress, ordinalsAddress, paymentPublicKey: wallet.paymentPublicKey },
      platformFeeAddress: services.config.bitcoin.platformFeeAddress!,
      premium,
      commission,
    }),
  );
  return { walletAddress, ordinalsAddress, psbtHex: built.psbtHex, txid: built.txid, expiresAt: new Date(Date.now() + OFFER_TTL_MS) };
}

/**
 * The winner's claim when the winning offer can no longer be broadcast (an input spent since the bid): a
 * fresh offer at the winning amount from the winner's current UTXOs, bound to the winning bid. Signed and
 * checked by claimWithTemplate, it replaces the bid's PSBTs, and the seller co-signs that one.
 */
export async function createWinnerTemplate(services: SettlementDeps, user: UserRow, body: ClaimWallet & { auctionId: string }): Promise<{ templateId: string; psbtHex: string }> {
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
  services: SettlementDeps,
  user: UserRow,
  body: Partial<ClaimWallet> & { auctionId: string; templateId: string },
): Promise<{ templateId: string; psbtHex: string }> {
  const claim = await claimable(services, user, body.auctionId);
  const template = await services.db.prisma.btcOffer.findUnique({ where: { id: body.templateId } });
  if (!template || template.userId !== user.id || template.lotId !== claim.lot.id || template.finalizedAt) throw new Refused('not_found', psbtMessages.noTemplate, 'no_psbt_template');
  const built = await buildClaim(services, user, claim, {
    walletAddress: body.walletAddress ?? template.walletAddress,
    ordinalsAddress: body.ordinalsAddress ?? template.ordinalsAddress,
    paymentPublicKey: body.paymentPublicKey,
  });
  await services.db.prisma.btcOffer.update({ where: { id: template.id }, data: built });
  return { templateId: template.id, psbtHex: built.psbtHex };
}

/**
 * The winner's signed claim replaces the winning offer: only on an ended lot still to settle, with a claim
 * template not used yet, and only once the winning offer can no longer be broadcast (else the seller co-signs
 * that one and the winner could not swap it for another).
 */
export async function claimWithTemplate(services: SettlementDeps, user: UserRow, body: { auctionId: string; templateId: string; signedPsbtHex: string }): Promise<PsbtState> {
  const { lot, bid } = await claimable(services, user, body.auctionId);
  const template = await services.db.prisma.btcOffer.findUnique({ where: { id: body.templateId } });
  if (!template || template.userId !== user.id || template.lotId !== lot.id) throw new Refused('not_found', psbtMessages.noTemplate, 'no_psbt_template');
  if (template.finalizedAt) throw new Refused('conflict', psbtMessages.claimUsed, 'claim_used');
  if (template.expiresAt <= new Date()) throw new Refused('gone', 'This claim expired before it was signed. Please start the claim again.', 'offer_expired');
  await refuseValidOffer(services, bid.signedPsbtHex);
  const context = { network: services.config.bitcoin.network, lotId: lot.id, bidId: bid.id, builtPsbtHex: template.psbtHex };
  await offerCall(() => validateBidderSigned(body.signedPsbtHex, context, esploraChainView(services.bitcoin.esplora)));
  // Conditional on the template still unused, so two signed claims at once replace the offer once.
  await services.db.prisma.$transaction(async (tx) => {
    const used = await tx.btcOffer.updateMany({ where: { id: template.id, finalizedAt: null }, data: { finalizedAt: new Date() } });
    if (used.count === 0) throw new Refused('conflict', psbtMessages.claimUsed, 'claim_used');
    await tx.bid.update({ where: { id: bid.id }, data: { psbtHex: template.psbtHex, signedPsbtHex: body.signedPsbtHex } });
  });
  return settlementState(services, lot.id);
}
