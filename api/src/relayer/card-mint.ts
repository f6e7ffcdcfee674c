/**
 * Minting by card (the spec's "cardMint"; GavelNFT's `cardMint` may only be sent by its minter, the
 * relayer): POST /nfts/card-mint charges the buyer's saved card the public mint price in USD (at the live ETH price),
 * then the relayer's relay-mint job (relayer.ts) mints the token to the buyer's linked EVM wallet, or refunds a
 * mint that reverts.
 */
import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import { gavelNftAbi } from '@gavel/contracts';
import { cardMintMessages, coinHoldCents, messages, paymentMessages, MIN_CARD_PAYMENT_CENTS, WEI_PER_ETH, type CardMintRecord } from '@gavel/domain';
import type { Address } from 'viem';
import type { CardMint } from '../generated/prisma/client.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { HttpError } from '../http/errors.ts';
import { paymentSetupError, stripeAmount } from '../payments/intents.ts';

export async function startCardMint(services: Services, user: UserRow, metadataUrl: string): Promise<CardMintRecord> {
  const { db, chain, relayer, payments, prices, log } = services;
  if (!relayer.enabled || !chain.nft) throw new HttpError(503, cardMintMessages.unavailable, 'relayer_unavailable');
  const wallet = await db.prisma.wallet.findFirst({ where: { userId: user.id, type: 'evm', isConnected: true }, orderBy: { connectedAt: 'desc' } });
  if (!wallet) throw new HttpError(403, cardMintMessages.walletNeeded, 'wallet_not_linked');
  if (!user.stripeCustomerId || !user.stripePaymentMethodId) throw new HttpError(403, messages.gates.paymentMethod, 'gate_paymentMethod');
  const nft = { address: chain.nft as Address, abi: gavelNftAbi } as const;
  const [price, minter] = await Promise.all([chain.rpc.client.readContract({ ...nft, functionName: 'publicMintPrice' }), chain.rpc.client.readContract({ ...nft, functionName: 'minter' })]);
  if (minter.toLowerCase() !== relayer.sender!.address) throw new HttpError(503, cardMintMessages.unavailable, 'relayer_not_minter');
  // Charged now, not held: the price itself, with no margin for a move before a capture.
  const ethPrice = { ...(await prices.holdPrice('ETH', cardMintMessages.pricePaused)), marginPercent: 0 };
  const cents = Math.max(MIN_CARD_PAYMENT_CENTS, Number(coinHoldCents(price, WEI_PER_ETH, ethPrice)));

  const id = randomUUID();
  let charge: Stripe.PaymentIntent;
  try {
    charge = await payments.stripe.paymentIntents.create(
      {
        amount: stripeAmount(BigInt(cents)),
        currency: 'usd',
        customer: user.stripeCustomerId,
        payment_method: user.stripePaymentMethodId,
        allowed_payment_method_types: ['card'],
        confirm: true,
        off_session: true,
        description: 'Gavel NFT mint',
        metadata: { purpose: 'card_mint', cardMintId: id, userId: user.id },
      },
      { idempotencyKey: `card-mint:${id}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new HttpError(402, error.message || paymentMessages.failed, 'card_declined');
    throw paymentSetupError(error);
  }
  if (charge.status !== 'succeeded') throw new HttpError(402, charge.last_payment_error?.message ?? paymentMessages.failed, 'card_declined');
  const row = await db.prisma.cardMint.create({
    data: { id, userId: user.id, toAddress: wallet.address.toLowerCase(), metadataUrl, priceWei: price.toString(), cents, paymentIntentId: charge.id },
  });
  void relayer.enqueue('relay-mint', row.id).catch((err: Error) => log.warn({ err: err.message, id: row.id }, 'queueing a card mint failed; the sweep retries'));
  return presentCardMint(row, chain.nft);
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
