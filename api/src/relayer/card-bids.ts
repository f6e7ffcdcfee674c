/**
 * Card bids on on-chain lots (buyer-side 4, "card on-chain bid"): POST /auctions/:id/bids with walletAddress
 * card_payment on a lot that is an auction on Gavel's auction house. The bid is checked against the chain's
 * state (started, not over, at least the reserve or the highest bid plus the contract's increment), the card
 * is held for its USD value (ETH_USD_PRICE) by a manual-capture PaymentIntent, and the relayer is asked to
 * place it on chain (relayer.ts). The reply comes before the transaction is mined: the bid shows as the
 * user's once the relay-bid job has placed it.
 */
import { randomUUID } from 'node:crypto';
import { gavelAuctionHouseAbi } from '@gavel/contracts';
import { AmountError, fill, formatAmount, messages, parseAmount, paymentMessages, relayedBidMessages, MIN_CARD_PAYMENT_CENTS, type PlaceBidReply } from '@gavel/domain';
import type { Address } from 'viem';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { HttpError } from '../http/errors.ts';
import { holdOnCard } from '../payments/bid-holds.ts';
import { cancelIntent } from '../payments/intents.ts';
import { maskName } from '../bidding/present-bid.ts';
import { assertWhitelisted } from '../bidding/whitelist-gate.ts';

const b = messages.bids;

/** The lot, when it is an auction on the auction house; null for every other lot (the ordinary bid path). */
export async function chainLotFor(services: Services, lotId: string) {
  const lot = await services.db.prisma.lot.findFirst({ where: { id: lotId, published: true }, select: { id: true, title: true, creatorId: true, chainAuctionId: true, auctionContractAddress: true, auctionEventId: true } });
  if (!lot) return null;
  const auctionId = lot.chainAuctionId?.toFixed(0) ?? null;
  return services.chain.isChainLot({ auctionId, auctionContractAddress: lot.auctionContractAddress }) ? { ...lot, auctionId: auctionId! } : null;
}

type ChainLot = NonNullable<Awaited<ReturnType<typeof chainLotFor>>>;

export async function placeRelayedCardBid(services: Services, user: UserRow, lot: ChainLot, input: { amount: string | number }): Promise<PlaceBidReply> {
  const { db, chain, relayer, payments, config, log } = services;
  if (!relayer.enabled) throw new HttpError(503, relayedBidMessages.unavailable, 'relayer_unavailable');
  if (lot.creatorId === user.id) throw new HttpError(403, b.ownLot, 'own_lot');
  await assertWhitelisted(db.prisma, user, lot.auctionEventId);
  const amount = parseWei(input.amount);

  // Refused before any money is held: the contract's own state and minimum, read now from the node (the
  // indexer may lag a freshly started auction); the transaction re-checks them.
  const house = { address: chain.auctionHouse as Address, abi: gavelAuctionHouseAbi } as const;
  const id = BigInt(lot.auctionId);
  const [auction, block, increment] = await Promise.all([
    chain.rpc.client.readContract({ ...house, functionName: 'getAuction', args: [id] }).catch(() => null),
    chain.rpc.client.getBlock({ blockTag: 'latest' }),
    chain.rpc.client.readContract({ ...house, functionName: 'minBidIncrement' }),
  ]);
  // A cancelled auction reads with a zero seller.
  if (!auction || /^0x0{40}$/i.test(auction.seller)) throw new HttpError(409, b.cancelled, 'lot_cancelled');
  if (!auction.started) throw new HttpError(409, b.notStarted, 'lot_not_started');
  if (auction.ended || block.timestamp >= auction.endTime) throw new HttpError(409, b.ended, 'lot_ended');
  const minimum = await chain.rpc.client.readContract({ ...house, functionName: 'minNextBid', args: [id] });
  if (amount < minimum) {
    const message = fill(b.tooLow, { minimum: formatAmount(minimum, 'ETH'), unit: 'ETH' });
    throw new HttpError(400, message, 'bid_too_low', { amount: message }, { minimumBid: formatAmount(minimum, 'ETH') });
  }
  if (!user.stripeCustomerId || !user.stripePaymentMethodId) throw new HttpError(403, messages.gates.paymentMethod, 'gate_paymentMethod');

  // Whole cents, rounded up: the hold covers the bid.
  const holdCents = Number((amount * BigInt(config.relayer.ethUsdCents) + 10n ** 18n - 1n) / 10n ** 18n);
  if (holdCents < MIN_CARD_PAYMENT_CENTS) throw new HttpError(400, paymentMessages.minimumUsd, 'validation_failed', { amount: paymentMessages.minimumUsd });
  const bidId = randomUUID();
  const holdId = await holdOnCard(payments.stripe, user, {
    cents: BigInt(holdCents),
    description: 'Gavel on-chain bid hold (captured only if the bid wins)',
    metadata: { relayedBidId: bidId, lotId: lot.id },
    idempotencyKey: `relayed-bid-hold:${bidId}`,
  });
  const row = await db.prisma.relayedBid
    .create({ data: { id: bidId, lotId: lot.id, userId: user.id, auctionId: lot.auctionId, amount: amount.toString(), holdCents, paymentIntentId: holdId } })
    .catch(async (error: unknown) => {
      await cancelIntent(payments.stripe, holdId).catch((err: Error) => log.error({ err: err.message, holdId }, 'could not release the hold of an unrecorded relayed bid'));
      throw error;
    });
  // Queued beside the reply; the sweep queues it again if this enqueue is lost.
  void relayer.enqueue('relay-bid', row.id).catch((err: Error) => log.warn({ err: err.message, id: row.id }, 'queueing a relayed bid failed; the sweep retries'));

  const shown = formatAmount(amount, 'ETH');
  return {
    message: b.placed,
    data: {
      bid: {
        _id: row.id,
        id: row.id,
        auctionId: lot.id,
        amount: shown,
        unit: 'ETH',
        walletAddress: 'card_payment',
        status: 'active',
        withdrawalStatus: null,
        createdAt: row.createdAt.toISOString(),
        bidder: { displayName: maskName(user.name ?? [user.firstName, user.lastName].filter(Boolean).join(' ')), isYou: true },
        auction: { _id: lot.id, title: lot.title, currentBid: auction.highestBid > 0n ? formatAmount(auction.highestBid, 'ETH') : null, paymentMethod: 'ETH' },
      },
      psbtHex: null,
    },
    auctionExtended: false,
    extensionMessage: null,
    endTime: new Date(Number(auction.endTime) * 1000).toISOString(),
    // What the next bid must reach once this one is mined (the contract's increment over it).
    minimumNextBid: formatAmount(amount + BigInt(increment), 'ETH'),
  };
}

function parseWei(input: string | number): bigint {
  try {
    const wei = parseAmount(input, 'ETH');
    if (wei > 0n) return wei;
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
  }
  throw new HttpError(400, b.invalidAmount, 'validation_failed', { amount: b.invalidAmount });
}

/**
 * Card bids among on-chain bids: the chain shows the relayer as their bidder; these are the users behind the
 * relayer's transactions (by hash, lower case), and whether the relayer has taken back the refund yet.
 */
export async function relayedBidsByTx(services: Pick<Services, 'db'>, hashes: Iterable<string>): Promise<Map<string, { userId: string; name: string | null; refunded: boolean }>> {
  const wanted = [...new Set([...hashes].map((h) => h.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await services.db.prisma.relayedBid.findMany({ where: { txHash: { in: wanted } }, select: { txHash: true, userId: true, status: true } });
  if (rows.length === 0) return new Map();
  const users = await services.db.prisma.user.findMany({ where: { id: { in: rows.map((r) => r.userId) } }, select: { id: true, name: true, firstName: true, lastName: true } });
  const nameOf = new Map(users.map((u) => [u.id, u.name ?? ([u.firstName, u.lastName].filter(Boolean).join(' ') || null)]));
  return new Map(rows.map((r) => [r.txHash!.toLowerCase(), { userId: r.userId, name: nameOf.get(r.userId) ?? null, refunded: r.status === 'refunded' }]));
}
