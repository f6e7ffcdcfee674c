/**
 * The browsers a user receives Web Push on: one subscription per endpoint. An endpoint already known (the same
 * browser, perhaps signed in as someone else before) moves to the user with its new keys.
 */
import type { PushSubscriptionBody } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';

/** Browsers a user keeps subscribed at once; the oldest beyond it is dropped (a phone replaced, a profile reset). */
const MAX_SUBSCRIPTIONS_PER_USER = 20;

export async function subscribeBrowser(prisma: PrismaClient, userId: string, body: PushSubscriptionBody): Promise<void> {
  const keys = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth };
  await prisma.pushSubscription.upsert({ where: { endpoint: body.endpoint }, create: { endpoint: body.endpoint, ...keys }, update: keys });
  const beyond = await prisma.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, skip: MAX_SUBSCRIPTIONS_PER_USER, select: { id: true } });
  if (beyond.length) await prisma.pushSubscription.deleteMany({ where: { id: { in: beyond.map((row) => row.id) } } });
}

export async function unsubscribeBrowser(prisma: PrismaClient, userId: string, endpoint: string): Promise<void> {
  await prisma.pushSubscription.deleteMany({ where: { userId, endpoint } });
}
