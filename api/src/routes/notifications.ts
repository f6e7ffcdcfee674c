/**
 * The user's e-mail preferences (the profile's Notifications section) and the unsubscribe link every such mail
 * ends with. The link opens the dapp's unsubscribe page, which posts the token here: a mail scanner that follows
 * links turns nothing off, and the token alone (signed, mail/unsubscribe-tokens.ts) names the user and
 * the kind, so no sign-in is needed.
 */
import {
  EMAIL_KIND_NAMES,
  fill,
  notificationMessages,
  notificationPreferencesPatchSchema,
  notificationPreferencesReplySchema,
  notificationPreferencesSchema,
  unsubscribeBodySchema,
  unsubscribeReplySchema,
  type EmailKind,
  type NotificationPreferences,
} from '@gavel/domain';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { HttpError } from '../http/errors.ts';

const TAG = 'Notifications';

const preferenceSelect = {
  emailOutbid: true,
  emailEndingSoon: true,
  emailWon: true,
  pushOutbid: true,
  pushMaximumExceeded: true,
  pushEndingSoon: true,
  pushWon: true,
  pushPaymentDue: true,
} as const;

/** The user column each unsubscribe kind turns off. */
const COLUMN_OF: Record<EmailKind, keyof NotificationPreferences> = { outbid: 'emailOutbid', ending_soon: 'emailEndingSoon', won: 'emailWon' };

export function notificationRoutes(routes: RouteTable, { db, unsubscribeTokens }: Services): void {
  const { prisma } = db;

  routes.add({
    method: 'get',
    path: '/me/notification-preferences',
    tag: TAG,
    summary: 'Which e-mails the signed-in user receives (outbid, ending soon, won), and which notices are pushed to their devices; notices in the dapp always show',
    access: {},
    reply: notificationPreferencesSchema,
    handler: async ({ user }) => prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: preferenceSelect }),
  });

  routes.add({
    method: 'patch',
    path: '/me/notification-preferences',
    tag: TAG,
    summary: "Turn the signed-in user's outbid, ending-soon and won e-mails, or each kind of push, on or off",
    description: 'Send only the preferences to change. A won e-mail that asks for a payment is sent whatever `emailWon` says.',
    access: {},
    body: notificationPreferencesPatchSchema,
    reply: notificationPreferencesReplySchema,
    handler: async ({ body, user }) => ({
      message: notificationMessages.preferencesSaved,
      preferences: await prisma.user.update({ where: { id: user.id }, data: body, select: preferenceSelect }),
    }),
  });

  routes.add({
    method: 'post',
    path: '/notifications/unsubscribe',
    rateLimit: 'unsubscribe',
    tag: TAG,
    summary: "Turn off one kind of e-mail with the token from that e-mail's unsubscribe link",
    body: unsubscribeBodySchema,
    reply: unsubscribeReplySchema,
    errors: { 400: notificationMessages.unsubscribeInvalid },
    handler: async ({ body }) => {
      const claim = unsubscribeTokens.verify(body.token);
      const invalid = () => new HttpError(400, notificationMessages.unsubscribeInvalid, 'unsubscribe_invalid', { token: notificationMessages.unsubscribeInvalid });
      if (!claim) throw invalid();
      // A deleted account's link turns nothing off and says so.
      const { count } = await prisma.user.updateMany({ where: { id: claim.userId }, data: { [COLUMN_OF[claim.kind]]: false } });
      if (count === 0) throw invalid();
      return { message: fill(notificationMessages.unsubscribed, { kind: EMAIL_KIND_NAMES[claim.kind] }), kind: claim.kind };
    },
  });
}
