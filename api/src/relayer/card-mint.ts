/**
 * Minting by card (the spec's "cardMint"; GavelNFT's `cardMint` may only be sent by its minter, the
 * relayer): POST /nfts/card-mint charges the buyer's saved card the public mint price in USD (at the live ETH price),
 * then the relayer's relay-mint job (relayer.ts) mints the token to the buyer's linked EVM wallet, or refunds a
 * mint that reverts. A charge whose outcome the buyer was not told (an answer lost, a crash) is refunded by the
 * same job, found by the relayer's sweep.
 */
import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import { gavelNftAbi } from '@gavel/contracts';
import { cardMintMessages, coinHoldCents, messages, paymentMessages, MIN_CARD_PAYMENT_CENTS, WEI_PER_ETH, type CardMintRecord } from '@gavel/domain';
import type { Address } from 'viem';
import type { CardMint, PrismaClient } from '../generated/prisma/client.ts';
import type { RelayerIntake } from './relayer-services.ts';
import type { UserRow } from '../auth/session.ts';
import { providerUnavailable } from '../payments/stripe-client.ts';
import { Refused, notFound } from '../refused.ts';
import { paymentSetupError, stripeAmount } from '../payments/intents.ts';

export async function startCardMint(services: RelayerIntake, user: UserRow, metadataUrl: string): Promise<CardMintRecord> {
  const { db, chain, relayer, payments, prices, log } = services;
  if (!relayer.enabled || !chain.nft) throw new Refused('unavailable', cardMintMessages.unavailable, 'relayer_unavailable');
  const wallet = await db.prisma.wallet.findFirst({ where: { userId: user.id, type: 'evm', isConnected: true }, orderBy: { connectedAt: 'desc' } });
  if (!wallet) throw new Refused('forbidden', cardMintMessages.walletNeeded, 'wallet_not_linked');
  if (!user.stripeCustomerId || !user.stripePaymentMethodId) throw new Refused('forbidden', messages.gates.paymentMethod, 'gate_paymentMethod');
  const nft = { address: chain.nft as Address, abi: gavelNftAbi } as const;
  const [price, minter] = await Promise.all([chain.rpc.client.readContract({ ...nft, functionName: 'publicMintPrice' }), chain.rpc.client.readContract({ ...nft, functionName: 'minter' })]);
  if (minter.toLowerCase() !== relayer.address) throw new Refused('unavailable', cardMintMessages.unavailable, 'relayer_not_minter');
  // Charged now, not held: the price itself, with no margin for a move before a capture.
  const ethPrice = { ...(await prices.holdPrice('ETH', cardMintMessages.pricePaused)), marginPercent: 0 };
  const cents = Math.max(MIN_CARD_PAYMENT_CENTS, Number(coinHoldCents(price, WEI_PER_ETH, ethPrice)));

  // Recorded before any money moves, so a charge is never made that no row names: the intent is created
  // unconfirmed (nothing taken), the mint row names it, and only then is it confirmed.
  const id = randomUUID();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await payments.stripe.paymentIntents.create(
      {
        amount: stripeAmount(BigInt(cents)),
        currency: 'usd',
        customer: user.stripeCustomerId,
        payment_method: user.stripePaymentMethodId,
        allowed_payment_method_types: ['card'],
        description: 'Gavel NFT mint',
        metadata: { purpose: 'card_mint', cardMintId: id, userId: user.id },
      },
      { idempotencyKey: `card-mint:${id}` },
    );
  } catch (error) {
    throw paymentSetupError(error);
  }
  await db.prisma.cardMint.create({
    data: { id, userId: user.id, toAddress: wallet.address.toLowerCase(), metadataUrl, priceWei: price.toString(), cents, paymentIntentId: intent.id, status: 'charging' },
  });
  let charged: Stripe.PaymentIntent;
  try {
    // Confirmed once per mint: the same mint confirmed again (a repeat after a lost answer) gets the first answer back.
    charged = await payments.stripe.paymentIntents.confirm(intent.id, { off_session: true }, { idempotencyKey: `card-mint:${id}:confirm` });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      await settleCharging(db, id, 'failed', error.message || paymentMessages.failed);
      throw new Refused('payment_refused', error.message || paymentMessages.failed, 'card_declined');
    }
    // The card may have been charged with the answer lost: the buyer is told it failed, so whatever was taken is
    // given back (the relayer's sweep), never minted.
    await settleCharging(db, id, 'refunding', 'the charge was not confirmed');
    throw paymentSetupError(error);
  }
  if (charged.status !== 'succeeded') {
    await settleCharging(db, id, 'refunding', `the charge ended ${charged.status}`);
    throw new Refused('payment_refused', charged.last_payment_error?.message ?? paymentMessages.failed, 'card_declined');
  }
  // Conditional: the sweep may have taken a mint whose request it thought gone, and is refunding it.
  const [row] = await db.prisma.cardMint.updateManyAndReturn({ where: { id, status: 'charging' }, data: { status: 'queued' } });
  if (!row) throw providerUnavailable();
  void relayer.enqueue('relay-mint', row.id).catch((err: Error) => log.warn({ err: err.message, id: row.id }, 'queueing a card mint failed; the sweep retries'));
  return presentCardMint(row, chain.nft);
}

/** Records a charge that did not pay for a mint, if the mint is still `charging` (the sweep may have taken it first). */
async function settleCharging(db: RelayerIntake['db'], id: string, status: 'refunding' | 'failed', error: string): Promise<void> {
  await db.prisma.cardMint.updateMany({ where: { id, status: 'charging' }, data: { status, error } });
}

export function presentCardMint(row: CardMint, contractAddress: string | null): CardMintRecord {
  return {
    id: row.id,
    status: row.status,
    toAddress: row.toAddress,
    metadataUrl: row.metadataUrl,
    contractAddress,
    tokenId: row.tokenId?.toFixed(0) ?? null,
    mintTxHash: row.txHash,
    amountUsd: (row.cents / 100).toFixed(2),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A card mint as its buyer (or an admin) may read it; anyone else's, or none, is not found. */
export async function cardMintOf(prisma: PrismaClient, user: Pick<UserRow, 'id' | 'role'>, id: string | undefined): Promise<CardMint> {
  const row = await prisma.cardMint.findUnique({ where: { id } }).catch(() => null);
  if (!row || (row.userId !== user.id && user.role !== 'admin')) throw notFound(cardMintMessages.notFound);
  return row;
}
