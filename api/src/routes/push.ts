/**
 * Web Push subscriptions: the server's public VAPID key (the browser's applicationServerKey; the private key never
 * leaves the server), and the signed-in user's browsers subscribing and unsubscribing. Which kinds are pushed is a
 * notification preference (routes/notifications.ts). A subscription names the push service the api will post to,
 * so only the browsers' own push services are accepted (PUSH_SERVICES): never an address of the user's choosing.
 */
import { pushMessages, pushPublicKeyReplySchema, pushSubscriptionReplySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { Refused } from '../refused.ts';
import { isAllowedPushService } from '../notifications/push-config.ts';
import { subscribeBrowser, unsubscribeBrowser } from '../notifications/push-subscriptions.ts';

const TAG = 'Notifications';

export function pushRoutes(routes: RouteTable, { db, config, pushes }: Services): void {
  const { prisma } = db;

  routes.add({
    method: 'get',
    path: '/push/public-key',
    tag: TAG,
    summary: "The server's VAPID public key, which a browser subscribes to Web Push with (applicationServerKey)",
    reply: pushPublicKeyReplySchema,
    handler: async () => ({ publicKey: pushes.publicKey }),
  });

  routes.add({
    method: 'put',
    path: '/me/push-subscriptions',
    tag: TAG,
    summary: "Add this browser's push subscription (PushSubscription.toJSON()) to the signed-in user's devices",
    description: 'An endpoint already known (the same browser, perhaps signed in as someone else before) moves to this user with its new keys.',
    access: {},
    body: pushSubscriptionSchema,
    reply: pushSubscriptionReplySchema,
    errors: { 400: pushMessages.serviceNotAllowed },
    handler: async ({ body, user }) => {
      if (!isAllowedPushService(body.endpoint, config.notifications.push.services)) {
        throw new Refused('invalid', pushMessages.serviceNotAllowed, 'push_service_not_allowed', { endpoint: pushMessages.serviceNotAllowed });
      }
      await subscribeBrowser(prisma, user.id, body);
      return { message: pushMessages.subscribed };
    },
  });

  routes.add({
    method: 'delete',
    path: '/me/push-subscriptions',
    tag: TAG,
    summary: "Remove this browser's push subscription from the signed-in user's devices",
    access: {},
    body: pushUnsubscribeSchema,
    reply: pushSubscriptionReplySchema,
    handler: async ({ body, user }) => {
      await unsubscribeBrowser(prisma, user.id, body.endpoint);
      return { message: pushMessages.unsubscribed };
    },
  });
}
