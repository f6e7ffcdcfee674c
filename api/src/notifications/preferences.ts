/**
 * The user's e-mail and push preferences, and turning one kind of e-mail off with the token from that e-mail's
 * unsubscribe link (signed, mail/unsubscribe-tokens.ts: it alone names the user and the kind).
 */
import type { z } from 'zod';
import { notificationMessages, type EmailKind, type NotificationPreferences, type notificationPreferencesPatchSchema } from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { UnsubscribeTokens } from '../mail/unsubscribe-tokens.ts';

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

export async function notificationPreferences(prisma: PrismaClient, userId: string): Promise<NotificationPreferences> {
  return prisma.user.findUniqueOrThrow({ where: { id: userId }, select: preferenceSelect });
}

/** Changes only the preferences given; returns them all. */
export async function changeNotificationPreferences(prisma: PrismaClient, userId: string, changes: z.output<typeof notificationPreferencesPatchSchema>): Promise<NotificationPreferences> {
  return prisma.user.update({ where: { id: userId }, data: changes, select: preferenceSelect });
}

/** Turns off the kind of e-mail the token names; a token that is not one, or names a deleted account, is invalid. */
export async function unsubscribe(prisma: PrismaClient, tokens: Pick<UnsubscribeTokens, 'verify'>, token: string): Promise<EmailKind> {
  const claim = tokens.verify(token);
  const invalid = () => new Refused('invalid', notificationMessages.unsubscribeInvalid, 'unsubscribe_invalid', { token: notificationMessages.unsubscribeInvalid });
  if (!claim) throw invalid();
  // A deleted account's link turns nothing off and says so.
  const { count } = await prisma.user.updateMany({ where: { id: claim.userId }, data: { [COLUMN_OF[claim.kind]]: false } });
  if (count === 0) throw invalid();
  return claim.kind;
}
