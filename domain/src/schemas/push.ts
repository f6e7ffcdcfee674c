/**
 * Web Push: the notices a bidder can have sent to their phone or desktop even with no Gavel tab open, each kind
 * turned on by the bidder (nothing is pushed until they opt in), the browser's subscription the dapp hands to the
 * api, and what one push carries. A push is shown by the operating system, often on a locked screen whoever holds
 * the phone, so its words say the bidder's own amounts and only what the lot page shows to anyone (outbidPush).
 */
import { z } from 'zod';
import { displayAmount, parseAmount, type Unit } from '../money.ts';
import { fill, pushMessages } from '../messages.ts';

export const PUSH_KINDS = ['outbid', 'maximum_exceeded', 'ending_soon', 'won', 'payment_due'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The user's column that turns each kind on (all off until the bidder opts in). */
export const PUSH_PREFERENCE_OF = {
  outbid: 'pushOutbid',
  maximum_exceeded: 'pushMaximumExceeded',
  ending_soon: 'pushEndingSoon',
  won: 'pushWon',
  payment_due: 'pushPaymentDue',
} as const satisfies Record<PushKind, string>;
export type PushPreference = (typeof PUSH_PREFERENCE_OF)[PushKind];

export const pushPreferencesSchema = z.object({
  pushOutbid: z.boolean(),
  pushMaximumExceeded: z.boolean(),
  pushEndingSoon: z.boolean(),
  pushWon: z.boolean(),
  pushPaymentDue: z.boolean(),
});

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min, pushMessages.subscriptionInvalid)
    .max(max, pushMessages.subscriptionInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, pushMessages.subscriptionInvalid);

/**
 * PUT /me/push-subscriptions: the browser's PushSubscription.toJSON(). The endpoint is the push service's https
 * address for this browser; p256dh (an uncompressed P-256 point, 65 bytes) and auth (16 bytes) encrypt each push.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: pushMessages.subscriptionInvalid }).max(2000, pushMessages.subscriptionInvalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(86, 88), auth: base64url(21, 24) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /me/push-subscriptions: this browser's subscription, by its endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2000) });

export const pushSubscriptionReplySchema = z.object({ message: z.string() });
export type PushSubscriptionReply = z.infer<typeof pushSubscriptionReplySchema>;

/** GET /push/public-key: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export const pushPublicKeyReplySchema = z.object({ publicKey: z.string() });
export type PushPublicKeyReply = z.infer<typeof pushPublicKeyReplySchema>;

/** What one push carries, encrypted for the browser: the service worker shows it and opens `url` on a click. */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path on the dapp (the lot's page, the cart). */
  url: z.string().startsWith('/'),
  /** One notification per tag: a second outbid on the same lot replaces the first. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export interface PushLot {
  id: string;
  title: string;
  auctionEventId: string;
}

/** The lot's page on the dapp, where a click on the notification goes. */
export function pushLotPath(lot: Pick<PushLot, 'id' | 'auctionEventId'>): string {
  return `/details/${encodeURIComponent(lot.id)}?auction=${encodeURIComponent(lot.auctionEventId)}`;
}

const shown = (amount: string, unit: Unit) => displayAmount(parseAmount(amount, unit), unit);

/**
 * Outbid, or the bidder's own maximum exceeded. Their own bid and maximum are theirs to read; the price the lot
 * is at now is said only when `price` is given, which the api decides by the results rule (null: the lot's page
 * would not show it to whoever holds the phone). The new leader's maximum is never known here at all.
 */
export function outbidPush(lot: PushLot, unit: Unit, own: { bid: string; maximum?: string }, price: string | null): PushPayload {
  const kind: PushKind = own.maximum === undefined ? 'outbid' : 'maximum_exceeded';
  const mine = own.maximum === undefined ? fill(pushMessages.yourBid, { amount: shown(own.bid, unit) }) : fill(pushMessages.yourMaximum, { amount: shown(own.maximum, unit) });
  const now = price === null ? '' : ` ${fill(pushMessages.priceNow, { amount: shown(price, unit) })}`;
  return {
    kind,
    title: fill(kind === 'outbid' ? pushMessages.outbidTitle : pushMessages.maximumExceededTitle, { title: lot.title }),
    body: `${mine}${now}`,
    url: pushLotPath(lot),
    tag: `outbid:${lot.id}`,
  };
}

export function endingSoonPush(lot: PushLot, text: string): PushPayload {
  return { kind: 'ending_soon', title: pushMessages.endingSoonTitle, body: text, url: pushLotPath(lot), tag: `ending-soon:${lot.id}` };
}

/** The winner's own price. */
export function wonPush(lot: PushLot, amount: string): PushPayload {
  return { kind: 'won', title: fill(pushMessages.wonTitle, { title: lot.title }), body: fill(pushMessages.wonBody, { amount }), url: pushLotPath(lot), tag: `won:${lot.id}` };
}

/** A won lot still unpaid as its deadline nears: `dueAt` in UTC, as the mails say it. */
export function paymentDuePush(lot: PushLot, dueAt: Date): PushPayload {
  const by = `${dueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return { kind: 'payment_due', title: fill(pushMessages.paymentDueTitle, { title: lot.title }), body: fill(pushMessages.paymentDueBody, { by }), url: '/cart', tag: `payment-due:${lot.id}` };
}
