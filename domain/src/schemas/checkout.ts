/**
 * Card bids, Buy Now, cart and final checkout. Amounts are decimal
 * strings in the lot's display unit ("25.00" USD, "15000" sats); the server decides every price (the buy-now
 * price, the checkout total) and the client's amount is only checked against it.
 */
import { z } from 'zod';
import { checkoutMessages } from '../messages.ts';
import { MIN_CARD_PAYMENT_CENTS, MIN_CARD_PAYMENT_SATS, paymentMessages } from './payment.ts';
import { MAX_PSBT_HEX_LENGTH, offerWalletFields, PSBT_TOO_LARGE } from './bid.ts';
import { bitcoinSwapSchema } from './settlement.ts';

const positiveDecimal = (v: string | number) => (typeof v === 'number' ? Number.isFinite(v) && v > 0 : /^\d+(\.\d+)?$/.test(v) && /[1-9]/.test(v));

/** The payment's currency: USD (Manual lots) or sats (BTC lots; refused for cards, but its minimum is the spec's). */
export const paymentCurrencySchema = z
  .string({ error: checkoutMessages.invalidCurrency })
  .trim()
  .toLowerCase()
  .pipe(z.enum(['usd', 'sats'], { error: checkoutMessages.invalidCurrency }));
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>;

/** POST /payment/buy-now-intent. `amount` must equal the lot's buy-now price; currency defaults to usd. */
export const buyNowIntentBodySchema = z
  .object({
    amount: z.union([z.string().trim(), z.number()], { error: paymentMessages.invalidAmount }).refine(positiveDecimal, { error: paymentMessages.invalidAmount }),
    auctionId: z
      .string({ error: paymentMessages.invalidAuctionId })
      .trim()
      .regex(/^[\w-]{1,64}$/, { error: paymentMessages.invalidAuctionId }),
    currency: paymentCurrencySchema.optional(),
  })
  .superRefine((body, ctx) => {
    // The spec's minimums ($0.50 / 50 sats), checked before anything else touches the amount.
    const amount = Number(body.amount);
    if (!positiveDecimal(body.amount)) return;
    if ((body.currency ?? 'usd') === 'usd' && Math.round(amount * 100) < MIN_CARD_PAYMENT_CENTS) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: paymentMessages.minimumUsd });
    }
    if (body.currency === 'sats' && amount < MIN_CARD_PAYMENT_SATS) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: paymentMessages.minimumSats });
    }
  });
export type BuyNowIntentBody = z.input<typeof buyNowIntentBodySchema>;

/** What the browser needs to confirm a PaymentIntent with Stripe (or the local stand-in). */
const confirmableIntent = {
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  publishableKey: z.string(),
  /** The stand-in's address when the api runs without real Stripe keys (use the spec's card form), else null (Stripe.js). */
  stripeApiUrl: z.string().nullable(),
};

export const buyNowIntentReplySchema = z.object({
  ...confirmableIntent,
  /** What will be held, "25.00": the buy-now price all in (its buyer's premium and the buyer's tax). */
  amount: z.string(),
  /** The buyer's tax included in `amount`, when one is levied (house-tax.ts): the summary's own line. */
  tax: z.string().optional(),
  currency: z.literal('usd'),
});
export type BuyNowIntentReply = z.infer<typeof buyNowIntentReplySchema>;

export const BUY_NOW_PAYMENT_METHODS = ['Stripe', 'BTC', 'Manual'] as const;

/** POST /auctions/:id/buy-now. Stripe needs the confirmed buy-now PaymentIntent; BTC the linked wallet. */
export const buyNowBodySchema = z.object({
  paymentMethod: z.enum(BUY_NOW_PAYMENT_METHODS, { error: 'paymentMethod must be Stripe, BTC or Manual' }),
  walletAddress: z.string().trim().max(120).optional(),
  paymentIntentId: z.string().trim().max(255).optional(),
  /** BTC: the Buy Now offer's id (POST /auctions/:id/buy-now/offer) and the PSBT the wallet signed for it. */
  bidId: z.string().trim().min(1).max(64).optional(),
  signedPsbtHex: z.string().trim().min(1).max(MAX_PSBT_HEX_LENGTH, { error: PSBT_TOO_LARGE }).optional(),
});
export type BuyNowBody = z.infer<typeof buyNowBodySchema>;

/**
 * awaiting_payment: won, not paid (pay in the cart, or by hand / wallet for non-card lots);
 * processing: a card hold is being captured (no action needed); paid.
 */
export const PAYMENT_STATES = ['awaiting_payment', 'processing', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

const unitSchema = z.enum(['sats', 'ETH', 'USD']);

export const buyNowReplySchema = z.object({
  message: z.string(),
  data: z.object({
    auctionId: z.string(),
    status: z.literal('ended'),
    soldPrice: z.string(),
    unit: unitSchema,
    paymentMethod: z.enum(BUY_NOW_PAYMENT_METHODS),
    paymentState: z.enum(PAYMENT_STATES),
    paymentIntentId: z.string().nullable(),
    winner: z.object({ id: z.string(), name: z.string().nullable(), walletAddress: z.string().nullable() }),
  }),
});
export type BuyNowReply = z.infer<typeof buyNowReplySchema>;

/**
 * POST /auctions/:id/buy-now/offer (BTC lots): the swap at the Buy Now price built from the buyer's linked wallet,
 * for the wallet to sign; the lot ends only when POST /auctions/:id/buy-now brings it back signed and valid.
 */
export const buyNowOfferBodySchema = z.object({ walletAddress: z.string().trim().min(1).max(120), ...offerWalletFields });
export type BuyNowOfferBody = z.infer<typeof buyNowOfferBodySchema>;

export const buyNowOfferReplySchema = z.object({
  message: z.string(),
  data: z.object({
    bidId: z.string(),
    psbtHex: z.string(),
    amount: z.string(),
    unit: z.literal('sats'),
    expiresAt: z.string(),
    /** A lot requiring binding bids: the purchase spends vault outputs, these inputs signed by the cooperative leaf. */
    binding: z.boolean().optional(),
    inputsToSign: z.array(z.number().int()).optional(),
  }),
});
export type BuyNowOfferReply = z.infer<typeof buyNowOfferReplySchema>;

export const cartItemSchema = z.object({
  lotId: z.string(),
  /** won: the highest bid when the clock ran out; buy_now: bought with Buy Now. */
  source: z.enum(['won', 'buy_now']),
  amount: z.string(),
  unit: unitSchema,
  paymentState: z.enum(PAYMENT_STATES),
  /**
   * Selectable in final checkout: awaiting payment, and a USD lot or a BTC lot won by a card bid whose hold could
   * not be charged.
   */
  payableByCard: z.boolean(),
  /** What final checkout charges for it, in USD (for a BTC lot won by card: the sats' value its hold was to be charged); null when not payable by card. */
  cardAmount: z.string().nullable(),
  /** The buyer's premium on `amount` (the hammer), in its unit, when the lot's event charges one: the item costs both. */
  premium: z.string().optional(),
  /** The buyer's tax (house-tax.ts), in its unit, when one is levied: its own line, included in the card amount. */
  tax: z.string().optional(),
  /** The lot's buyer's invoice (GET /invoices/:id, its PDF at /invoices/:id/pdf), once issued at the win. */
  invoiceId: z.string().optional(),
  closedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The PaymentIntent (card) or transaction that paid the lot. */
  txHash: z.string().nullable(),
  /**
   * ADD TO CART: the card is held for the lot (paymentState processing) until this time, when it is charged
   * anyway; POST /cart/pay-held charges it now. Null for every other item.
   */
  heldUntil: z.string().nullable(),
  /** Awaiting payment: pay by this time, or the purchase is voided (and counted as unpaid on your profile). */
  payBy: z.string().nullable(),
  /** A BTC lot a signed offer pays: where its swap stands (awaiting the seller's co-signature, sent, confirmed). */
  bitcoinSwap: bitcoinSwapSchema.nullable(),
  lot: z.object({
    _id: z.string(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    paymentMethod: z.enum(['BTC', 'ETH', 'Manual']),
    auctionType: z.enum(['onchain', 'offchain']),
    auctionEventId: z.string(),
  }),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartReplySchema = z.object({
  items: z.array(cartItemSchema),
  /** What is still owed, per unit (awaiting_payment items only). */
  due: z.array(z.object({ unit: unitSchema, amount: z.string() })),
  /** The spec's service fee: $0. */
  serviceFee: z.string(),
});
export type CartReply = z.infer<typeof cartReplySchema>;

/** POST /cart/checkout: the lots to pay together, all USD and all awaiting the caller's payment. */
export const checkoutBodySchema = z.object({
  lotIds: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[\w-]{1,64}$/, { error: paymentMessages.invalidAuctionId }),
      { error: checkoutMessages.selectLots },
    )
    .min(1, { error: checkoutMessages.selectLots })
    .max(50, { error: 'At most 50 lots can be paid together' })
    .transform((ids) => [...new Set(ids)].sort()),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const checkoutReplySchema = z.object({
  ...confirmableIntent,
  /** The real total: the sum of the items plus the $0 service fee, "37.50". */
  total: z.string(),
  serviceFee: z.string(),
  currency: z.literal('usd'),
  items: z.array(z.object({ lotId: z.string(), title: z.string(), amount: z.string() })),
});
export type CheckoutReply = z.infer<typeof checkoutReplySchema>;

/** POST /cart/pay-held: charge now the card holds of ADD TO CART purchases. */
export const payHeldBodySchema = z.object({
  lotIds: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[\w-]{1,64}$/, { error: paymentMessages.invalidAuctionId }),
      { error: checkoutMessages.selectLots },
    )
    .min(1, { error: checkoutMessages.selectLots })
    .max(50, { error: 'At most 50 lots can be paid together' }),
});
/** `receipts`: what each charge took, when, and its reference (the PaymentIntent), for the buyer's receipt. */
export const payHeldReplySchema = z.object({
  message: z.string(),
  paid: z.array(z.string()),
  receipts: z.array(z.object({ lotId: z.string(), amount: z.string(), chargedAt: z.string(), reference: z.string() })),
});
export type PayHeldReply = z.infer<typeof payHeldReplySchema>;
