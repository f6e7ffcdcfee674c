/**
 * Bids on BTC lots are signed offers (buyer-side section 7; admin-side section 7, PSBT). Placing one builds
 * the offer PSBT from the bidder's UTXOs and keeps it as a BtcOffer; nothing changes on the lot yet. The
 * wallet signs the bidder's inputs and POST /auctions/:id/finalize (or the lot-v2 route) validates the signed
 * PSBT against the one built (api/src/bitcoin/offer), then writes the bid with the offer's id through
 * gavel_place_bid, exactly like any other bid: the lot's price moves, the previous bid is outbid. An offer
 * left unsigned expires after OFFER_TTL_MS.
 */
import { formatAmount, messages, minimumIncrement, minimumNextBid, parseAmount, AmountError, type Bid } from '@gavel/domain';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { EsploraError, OrdError } from '../bitcoin/index.ts';
import { esploraChainView, OfferError, prepareOffer, validateBidderSigned } from '../bitcoin/offer/index.ts';
import { maskName } from './present-bid.ts';
import { PLACE_BID_SQL, placedBid, refusal, type PlaceBidRow, type PlacedBid } from './place-bid.ts';

const b = messages.bids;
/** How long a wallet has to sign the offer before it must be placed again. */
export const OFFER_TTL_MS = 10 * 60_000;
/** Not a spec text: the reply to the build step, before the wallet signs. */
export const SIGN_TO_PLACE = 'Sign the transaction in your wallet to place the bid';

/** Turns the offer module's refusals and Esplora/ord outages into api errors. */
export async function offerCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OfferError) throw new HttpError(400, error.message, error.code, error.field ? { [error.field]: error.message } : undefined);
    if (error instanceof EsploraError || error instanceof OrdError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'TypeError'))) {
      throw new HttpError(503, 'The Bitcoin network service is unavailable. Please try again.', 'bitcoin_unavailable');
    }
    throw error;
  }
}

const METHOD_TTL_MS = 5000;
const paymentMethods = new Map<string, { at: number; method: string }>();

/** Whether a lot takes offer bids. Kept a few seconds (as place-bid.ts keeps lot facts): a bidding war asks often. */
export async function isBtcLot(services: Services, lotId: string): Promise<boolean> {
  const hit = paymentMethods.get(lotId);
  if (hit && Date.now() - hit.at < METHOD_TTL_MS) return hit.method === 'BTC';
  const lot = await services.db.prisma.lot.findUnique({ where: { id: lotId }, select: { paymentMethod: true } });
  if (!lot) return false;
  if (paymentMethods.size > 10_000) paymentMethods.clear();
  paymentMethods.set(lotId, { at: Date.now(), method: lot.paymentMethod });
  return lot.paymentMethod === 'BTC';
}

export interface OfferReply {
  bid: Bid;
  psbtHex: string;
  endTime: Date;
  minimumNextBid: string;
}

export async function placeBtcOffer(
  services: Services,
  user: UserRow,
  lotId: string,
  input: { amount: string | number; walletAddress?: string; ordinalsAddress?: string; paymentPublicKey?: string },
): Promise<OfferReply> {
  const { prisma } = services.db;
  const lot = await prisma.lot.findFirst({ where: { id: lotId, published: true } });
  if (!lot) throw notFound(messages.browse.auctionNotFound);
  if (lot.creatorId === user.id) throw new HttpError(403, b.ownLot, 'own_lot');
  let amount: bigint;
  try {
    amount = parseAmount(input.amount, 'sats');
  } catch (error) {
    if (error instanceof AmountError) throw new HttpError(400, b.invalidAmount, 'validation_failed', { amount: b.invalidAmount });
    throw error;
  }
  const now = new Date();
  if (lot.status === 'cancelled' || lot.status === 'ended' || lot.endTime <= now || lot.startTime > now) throw await refusal(prisma, lotId);
  const minimum = minimumNextBid({ ...lot, startingBid: BigInt(lot.startingBid.toFixed(0)), currentBid: lot.currentBid === null ? null : BigInt(lot.currentBid.toFixed(0)) });
  if (amount < minimum) throw await refusal(prisma, lotId);
  if (!lot.inscriptionId || !lot.sellerWalletAddress) throw new HttpError(409, 'This lot has no inscription to sell yet', 'lot_not_ready');
  const walletAddress = await linkedWallet(services, user, input.walletAddress);
  const platformFeeAddress = services.config.bitcoin.platformFeeAddress;
  if (!platformFeeAddress) throw new HttpError(503, 'Bitcoin bidding is not configured (BITCOIN_PLATFORM_FEE_ADDRESS)', 'bitcoin_unconfigured');

  const offer = await prisma.btcOffer.create({
    data: { lotId, userId: user.id, amount: amount.toString(), walletAddress, ordinalsAddress: input.ordinalsAddress ?? walletAddress, psbtHex: '', txid: '', expiresAt: new Date(Date.now() + OFFER_TTL_MS) },
  });
  try {
    const built = await offerCall(() =>
      prepareOffer(services.bitcoin, {
        lotId,
        bidId: offer.id,
        price: Number(amount),
        inscriptionId: lot.inscriptionId!,
        seller: { payoutAddress: lot.sellerWalletAddress! },
        bidder: { paymentAddress: walletAddress, ordinalsAddress: input.ordinalsAddress ?? walletAddress, paymentPublicKey: input.paymentPublicKey },
        platformFeeAddress,
      }),
    );
    await prisma.btcOffer.update({ where: { id: offer.id }, data: { psbtHex: built.psbtHex, txid: built.txid } });
    return { psbtHex: built.psbtHex, bid: presentOffer(offer.id, lot, amount, walletAddress, user, 'pending'), endTime: lot.endTime, minimumNextBid: formatAmount(minimum, 'sats') };
  } catch (error) {
    // A refused build leaves nothing behind.
    await prisma.btcOffer.delete({ where: { id: offer.id } });
    throw error;
  }
}

/** Validates the signed offer and writes the bid; answers what placing it did, for the usual announcements. */
export async function finalizeBtcOffer(services: Services, user: UserRow, lotId: string, bidId: string, signedPsbtHex: unknown): Promise<PlacedBid> {
  const { prisma } = services.db;
  const offer = await prisma.btcOffer.findUnique({ where: { id: bidId } });
  if (!offer || offer.userId !== user.id) throw notFound(b.bidNotFound);
  if (offer.lotId !== lotId) throw new HttpError(400, 'This bid belongs to another lot', 'psbt_other_lot', { bidId: 'This bid belongs to another lot' });
  if (offer.finalizedAt) throw new HttpError(409, 'This bid is already placed', 'bid_already_finalized');
  if (offer.expiresAt <= new Date()) throw new HttpError(410, 'This bid expired before it was signed. Please place it again.', 'offer_expired');
  const lot = await prisma.lot.findUniqueOrThrow({ where: { id: lotId } });
  await offerCall(() => validateBidderSigned(signedPsbtHex, { network: services.config.bitcoin.network, lotId, bidId, builtPsbtHex: offer.psbtHex }, esploraChainView(services.bitcoin.esplora)));

  const increment = minimumIncrement(lot);
  const amount = BigInt(offer.amount.toFixed(0));
  // One transaction: the offer claimed, the bid written and its signed offer stored with it, so a leading bid
  // never lacks the PSBT its seller co-signs. The claim comes first: of finalizes racing with the same signed
  // PSBT, the others wait for it and find the bid placed.
  const result = await prisma
    .$transaction(async (tx) => {
      const claimed = await tx.btcOffer.updateMany({ where: { id: offer.id, finalizedAt: null }, data: { finalizedAt: new Date() } });
      if (claimed.count === 0) throw new HttpError(409, 'This bid is already placed', 'bid_already_finalized');
      const [row] = await tx.$queryRawUnsafe<PlaceBidRow[]>(PLACE_BID_SQL, lotId, offer.id, user.id, amount.toString(), increment.toString(), offer.walletAddress);
      if (!row?.placed) throw new BidRefused();
      await tx.bid.update({ where: { id: offer.id }, data: { psbtHex: offer.psbtHex, signedPsbtHex: signedPsbtHex as string } });
      return row;
    })
    .catch(async (error: unknown) => {
      if (error instanceof BidRefused) throw await refusal(prisma, lotId);
      throw error;
    });
  return placedBid(result, { bidId: offer.id, lot, amount, walletAddress: offer.walletAddress, userId: user.id, increment });
}

/**
 * gavel_place_bid refused the bid (outbid meanwhile, lot ended): thrown to roll the offer's claim back, so it may
 * be finalized again, and answered with the reason.
 */
class BidRefused extends Error {}

/** The bidder pays from a wallet proved to be theirs (the payment address). */
export async function linkedWallet(services: Services, user: UserRow, address: string | undefined): Promise<string> {
  if (!address || address === 'card_payment') throw new HttpError(400, b.walletRequired, 'wallet_required', { walletAddress: b.walletRequired });
  const linked = await services.db.prisma.wallet.findFirst({ where: { userId: user.id, address: { equals: address, mode: 'insensitive' } } });
  if (!linked) throw new HttpError(403, b.walletNotLinked, 'wallet_not_linked', { walletAddress: b.walletNotLinked });
  return linked.address;
}

function presentOffer(id: string, lot: { id: string; title: string; currentBid: { toFixed(n: number): string } | null }, amount: bigint, walletAddress: string, user: UserRow, status: Bid['status']): Bid {
  return {
    _id: id,
    id,
    auctionId: lot.id,
    amount: formatAmount(amount, 'sats'),
    unit: 'sats',
    walletAddress,
    status,
    withdrawalStatus: null,
    createdAt: new Date().toISOString(),
    bidder: { displayName: maskName(user.name ?? [user.firstName, user.lastName].filter(Boolean).join(' ')), isYou: true },
    auction: { _id: lot.id, title: lot.title, currentBid: lot.currentBid === null ? null : formatAmount(BigInt(lot.currentBid.toFixed(0)), 'sats'), paymentMethod: 'BTC' },
  };
}
