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
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { changeNotificationPreferences, notificationPreferences, unsubscribe } from '../notifications/preferences.ts';

const TAG = 'Notifications';

export function notificationRoutes(routes: RouteTable, { db, unsubscribeTokens }: Services): void {
  const { prisma } = db;

  routes.add({
    method: 'get',
    path: '/me/notification-preferences',
    tag: TAG,
    summary: 'Which e-mails the signed-in user receives (outbid, ending soon, won), and which notices are pushed to their devices; notices in the dapp always show',
    access: {},
    reply: notificationPreferencesSchema,
    handler: async ({ user }) => notificationPreferences(prisma, user.id),
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
      preferences: await changeNotificationPreferences(prisma, user.id, body),
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
      const kind = await unsubscribe(prisma, unsubscribeTokens, body.token);
      return { message: fill(notificationMessages.unsubscribed, { kind: EMAIL_KIND_NAMES[kind] }), kind };
    },
  });
}
