/**
 * Being told: the e-mail preferences a user sets in their profile (and turns off one kind at a time by the
 * unsubscribe link in each such mail), and the "ending soon" notice the dapp shows on the user's stream. The
 * dapp's own notices always show; the preferences decide only what is also sent by e-mail.
 */
import { z } from 'zod';
import { notificationMessages } from '../messages.ts';
import { pushPreferencesSchema } from './push.ts';

/** The e-mails a user can turn off, as the unsubscribe link and the preferences name them. */
export const EMAIL_KINDS = ['outbid', 'ending_soon', 'won'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** GET /me/notification-preferences: which e-mails are sent, and which notices are pushed to the user's devices (true: sent). */
export const notificationPreferencesSchema = z.object({
  emailOutbid: z.boolean(),
  emailEndingSoon: z.boolean(),
  emailWon: z.boolean(),
  ...pushPreferencesSchema.shape,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PATCH /me/notification-preferences: any of them, at least one; anything else is refused by name. */
export const notificationPreferencesPatchSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: notificationMessages.nothingToChange });
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatchSchema>;

export const notificationPreferencesReplySchema = z.object({ message: z.string(), preferences: notificationPreferencesSchema });
export type NotificationPreferencesReply = z.infer<typeof notificationPreferencesReplySchema>;

/** POST /notifications/unsubscribe: the token from the mail's unsubscribe link. */
export const unsubscribeBodySchema = z.object({ token: z.string().trim().min(1, notificationMessages.unsubscribeInvalid).max(200, notificationMessages.unsubscribeInvalid) });
export const unsubscribeReplySchema = z.object({ message: z.string(), kind: z.enum(EMAIL_KINDS) });
export type UnsubscribeReply = z.infer<typeof unsubscribeReplySchema>;

/** The `ending_soon` event on a user's stream: a lot they bid on or watch ends soon. */
export const endingSoonNotificationSchema = z.object({
  /** One per lot and lead time, so a tab shows it once. */
  id: z.string(),
  timestamp: z.string(),
  auctionId: z.string(),
  auctionEventId: z.string(),
  auctionTitle: z.string(),
  /** Minutes left when it was told (at most the lead time it was told for). */
  minutesLeft: z.number().int().positive(),
  endTime: z.string(),
});
export type EndingSoonNotification = z.infer<typeof endingSoonNotificationSchema>;

/** The e-mail kind an unsubscribe turned off, in words ("ending-soon e-mails"). */
export const EMAIL_KIND_NAMES: Record<EmailKind, string> = { outbid: 'outbid e-mails', ending_soon: 'ending-soon e-mails', won: '“you won” e-mails' };

/**
 * The `bid_cancelled` event on a user's stream: a Buy Now ended a lot they had bid on, which cancelled their bid.
 * `cardHoldReleased`: their bid held their card, and that hold is released.
 */
export const bidCancelledNotificationSchema = z.object({
  /** One per lot: a bidder is told once however many bids of theirs the purchase cancelled. */
  id: z.string(),
  timestamp: z.string(),
  auctionId: z.string(),
  auctionEventId: z.string(),
  auctionTitle: z.string(),
  /** Their highest cancelled bid, formatted with its unit ("$120.00"). */
  bidAmount: z.string(),
  cardHoldReleased: z.boolean(),
});
export type BidCancelledNotification = z.infer<typeof bidCancelledNotificationSchema>;
