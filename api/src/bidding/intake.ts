/**
 * The bid intake: every bid enters here, whatever pays for it (a wallet, pay-later, a card hold, a card bid the
 * relayer places on chain, a Bitcoin offer and its finalize). Three steps, each in one place:
 *
 *   readLotForBid  -> the lot, read once per bid;
 *   admitBid       -> the bid checked against the lot and the bidder: kind of lot, own lot, whitelist, amount,
 *                     open, minimum (the domain's bidRefusal), with the spec's answers;
 *   afterBidCommitted -> once the write committed: the close scheduled, the bid announced, the old hold released.
 *
 * Between admission and the write each rail does what only it does (hold the card, build the offer, validate the
 * signed PSBT); the write itself is commitBid (place-bid.ts), which re-checks open and minimum inside its
 * transaction, so a bid admitted here can still lose a race but never win one it should not.
 */
import { AmountError, bidRefusal, CARD_PAYMENT_MARKER, maximumRefusal, messages, parseAmount, relayedBidMessages, unitFor, type BidRail as DomainBidRail, type Unit } from '@gavel/domain';
import { walletKindFor } from '@gavel/domain/wallet-rules';
import type { Database } from '../db/client.ts';
import type { ChainService } from '../chain/index.ts';
import type { BitcoinConfig } from '../bitcoin/index.ts';
import type { LotClock } from '../jobs/lot-clock.ts';
import type { Payments } from '../payments/index.ts';
import type { OutbidTeller } from '../notifications/outbid-notifier.ts';
import { GatheredRead } from '../gathered.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused, notFound } from '../refused.ts';
import { assertListed } from './whitelist-gate.ts';
import { announceBid } from './notify.ts';
import { releaseHoldLater } from '../payments/bid-holds.ts';
import { readChainBidState, type ChainNode } from './chain-bid-state.ts';
import { lotForBidSelect, type AdmittedBid, type BidRail, type CommitOptions, type LotForBid, type PlacedBid } from './bid-types.ts';
import { PRISMA_TYPES } from '../db/prisma-types.ts';
import { LEADING_BID_JOIN_SQL, STANDING_JSON_SQL } from './proxy-commit.ts';
import { lotBidState, maximumError, maximumTooLowError, refusalError } from './refusal.ts';
import { anyCase } from '../wallet/linked.ts';

const bidMessages = messages.bids;

/**
 * The public lot a bid is for, published in a published event (not found otherwise, as lots/public-lot.ts says): one read per bid, fresh, since open and minimum are checked from
 * it. One prepared statement with its auction event's whitelist flag and where it stands for the proxy rule (its
 * leading bid): Prisma would read each relation in a round trip of its own. The lots of bids arriving together are
 * read together (gathered.ts), each by a statement sent after its bid arrived. The columns are
 * lotForBidSelect's, typed as Prisma types them.
 */
export async function readLotForBid(services: { db: Database }, lotId: string): Promise<LotForBid> {
  const lot = await lotReaderOf(services.db).load(lotId);
  if (!lot) throw notFound(messages.browse.auctionNotFound);
  return lot;
}

const lotReaders = new WeakMap<Database, GatheredRead<LotForBid>>();

function lotReaderOf(db: Database): GatheredRead<LotForBid> {
  let reader = lotReaders.get(db);
  if (!reader) {
    reader = new GatheredRead(async (ids) => {
      const rows = await db.sql<LotForBid>(LOTS_FOR_BIDS_SQL, [ids], { parsers: PRISMA_TYPES, prepared: 'lots-for-bids' });
      return new Map(rows.map((lot) => [lot.id, lot]));
    });
    lotReaders.set(db, reader);
  }
  return reader;
}

const LOTS_FOR_BIDS_SQL = `
  SELECT ${Object.keys(lotForBidSelect)
    .filter((column) => column !== 'auctionEvent')
    .map((column) => `l."${column}"`)
    .join(', ')},
         json_build_object('whitelistOnly', e."whitelistOnly", 'vaultBidsRequired', e."vaultBidsRequired", 'buyerPremium', e."buyerPremium", 'buyerTax', e."buyerTax") AS "auctionEvent", ${STANDING_JSON_SQL} AS standing
    FROM "Lot" l JOIN "AuctionEvent" e ON e.id = l."auctionEventId" ${LEADING_BID_JOIN_SQL}
   WHERE l.id = ANY($1::text[]) AND l.published AND e.published`;

/** Which rail a bid body takes on this lot (POST /auctions/:id/bids). */
export function bidRailOf(services: { chain: Pick<ChainService, 'isChainLot'>; config: { bitcoin: Pick<BitcoinConfig, 'psbtBids'> } }, lot: LotForBid, walletAddress: string | undefined): BidRail {
  if (walletAddress === CARD_PAYMENT_MARKER) return isChainAuction(services, lot) ? 'relayed-card' : 'card';
  if (lot.paymentMethod === 'BTC' && services.config.bitcoin.psbtBids) return 'btc-offer';
  return 'wallet';
}

/**
 * The lot is an auction on Gavel's auction house contract: its bids live on chain. Only an ETH lot can be; a BTC
 * lot marked on-chain is settled by the swap its seller co-signs, and its card bids are held like any other.
 */
function isChainAuction(services: { chain: Pick<ChainService, 'isChainLot'> }, lot: LotForBid): boolean {
  if (walletKindFor(lot) !== 'evm') return false;
  return services.chain.isChainLot({ auctionId: lot.chainAuctionId?.toFixed(0) ?? null, auctionContractAddress: lot.auctionContractAddress });
}

/** What the intake reads: the lot and the bidder, the chain for a lot on the auction house, and whether the relayer takes card bids. */
export interface IntakeDeps {
  db: Database;
  chain: Pick<ChainService, 'isChainLot'> & ChainNode;
  relayer: { readonly enabled: boolean };
}

/**
 * Checks a bid against the lot and the bidder before anything is held, built or written. Refusals, in order: not
 * found (readLotForBid), unavailable (relayer off), conflict (ETH lots take only on-chain bids), forbidden (own lot,
 * not whitelisted), invalid (the amount), conflict (cancelled / ended / not started), invalid (below the minimum).
 */
export async function admitBid(services: IntakeDeps, user: UserRow, lot: LotForBid, input: string | number | bigint, rail: BidRail, maximumInput?: string | number): Promise<AdmittedBid> {
  if (rail === 'relayed-card' && !services.relayer.enabled) throw new Refused('unavailable', relayedBidMessages.unavailable, 'relayer_unavailable');
  if (rail !== 'relayed-card' && lot.paymentMethod === 'ETH') throw new Refused('conflict', bidMessages.ethOnChain, 'bid_on_chain');
  if (lot.creatorId === user.id) throw new Refused('forbidden', bidMessages.ownLot, 'own_lot');
  if (lot.auctionEvent.whitelistOnly) await assertListed(services.db.prisma, user, lot.auctionEventId);

  const unit = unitFor(lot.paymentMethod);
  const amount = parseBidAmount(input, unit);
  const maximum = maximumInput === undefined ? null : parseMaximum(maximumInput, lot, rail, amount);
  // An auction on the contract is open and priced by the contract; the indexer may lag a freshly started one.
  const state = rail === 'relayed-card' ? await readChainBidState(services, lot.chainAuctionId!.toFixed(0)) : lotBidState(lot);
  const refused = bidRefusal(state, amount);
  // The leader changing their own maximum is priced by the proxy rule, whatever amount comes with it.
  if (refused && !(refused.reason === 'tooLow' && maximum !== null && (await leads(services, user, lot)))) throw refusalError(refused, unit);
  return { lot, rail, unit, amount, maximum, state, increment: state.increment };
}

/** A maximum bid's maximum, in the lot's unit, at least the amount, on a rail that can keep it (the domain's maximumRefusal). */
function parseMaximum(input: string | number, lot: LotForBid, rail: BidRail, amount: bigint): bigint {
  const refused = maximumRefusal(maximumRailOf(lot, rail));
  if (refused) throw maximumError(refused);
  const unit = unitFor(lot.paymentMethod);
  let maximum: bigint;
  try {
    maximum = parseAmount(input, unit);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    throw maximumError(bidMessages.invalidMaximum);
  }
  if (maximum < amount) throw maximumTooLowError(amount, unit);
  return maximum;
}

/** The rail in the words bidders see it (My bids' rails): a wallet-rail bid on a USD lot is pay-later. */
function maximumRailOf(lot: LotForBid, rail: BidRail): DomainBidRail {
  if (rail === 'card') return 'card';
  if (rail === 'relayed-card') return 'relayed_card';
  if (rail === 'btc-offer' || lot.paymentMethod === 'BTC') return 'btc_wallet';
  return lot.paymentMethod === 'ETH' ? 'eth_wallet' : 'pay_later';
}

/** Whether the user's bid is the lot's active one. */
async function leads(services: { db: Database }, user: UserRow, lot: LotForBid): Promise<boolean> {
  return (await services.db.prisma.bid.count({ where: { lotId: lot.id, status: 'active', userId: user.id } })) > 0;
}

/** A positive amount in the lot's unit (sats, wei, cents). */
function parseBidAmount(input: string | number | bigint, unit: Unit): bigint {
  if (typeof input === 'bigint') return input;
  try {
    const amount = parseAmount(input, unit);
    if (amount > 0n) return amount;
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
  }
  throw new Refused('invalid', bidMessages.invalidAmount, 'validation_failed', { amount: bidMessages.invalidAmount });
}

/** A crypto bid pays from a wallet the bidder proved they own; the linked address, as stored. */
export async function linkedWallet(services: { db: Database }, user: UserRow, address: string | undefined): Promise<string> {
  const given = address && address !== CARD_PAYMENT_MARKER ? address : undefined;
  if (!given) throw new Refused('invalid', bidMessages.walletRequired, 'wallet_required', { walletAddress: bidMessages.walletRequired });
  const linked = await services.db.prisma.wallet.findFirst({ where: { userId: user.id, address: anyCase(given) } });
  if (!linked) throw new Refused('forbidden', bidMessages.walletNotLinked, 'wallet_not_linked', { walletAddress: bidMessages.walletNotLinked });
  return linked.address;
}

/** The wallet behind a wallet-rail bid: none for pay-later on a USD lot, else a linked one. */
export async function walletOfBid(services: { db: Database }, user: UserRow, bid: AdmittedBid, address: string | undefined): Promise<string | null> {
  if (bid.lot.paymentMethod === 'Manual' && (!address || address === CARD_PAYMENT_MARKER)) return null;
  return linkedWallet(services, user, address);
}

/**
 * What stands behind a wallet-rail bid on a USD lot, which no card or chain backs: the pay-later allowance, which
 * the bid's own write checks (pay-later.ts). Other wallet-rail bids pay from their wallet.
 */
export function payLaterCommitment(bid: AdmittedBid): CommitOptions['payLater'] {
  if (bid.rail !== 'wallet' || bid.lot.paymentMethod !== 'Manual') return undefined;
  // A maximum counts in full: it is what the bidder may end up owing.
  return bid.maximum !== null ? { cents: bid.maximum, field: 'maximum' } : { cents: bid.amount, field: 'amount' };
}

/**
 * After a bid committed (every rail whose write is Gavel's own): the close and the ending-soon notices move with
 * the end (idempotent per lot and end, so only the first bid and an extension schedule), then, beside the reply, the bid is announced
 * and the card hold of the bid it replaced (or of the bid itself, outbid at once by a maximum) is released by a job. The bid is acknowledged whatever these do.
 */
export async function afterBidCommitted(services: OutbidTeller & { lotClock: Pick<LotClock, 'scheduleEnd'>; payments: Pick<Payments, 'jobs'> }, placed: PlacedBid): Promise<void> {
  if (placed.auctionExtended || placed.bidCount === 1) await services.lotClock.scheduleEnd(placed.lot.id, placed.endTime, placed.previousEndTime);
  void announceBid(services, placed).catch((err: Error) => services.log.warn({ err: err.message, lotId: placed.lot.id }, 'bid announcement failed'));
  const replaced = placed.replacedBidId;
  if (replaced && placed.replacedBidHeld !== false)
    void releaseHoldLater(services, replaced).catch((err: Error) => services.log.warn({ err: err.message, bidId: replaced }, 'queueing a hold release failed'));
}
