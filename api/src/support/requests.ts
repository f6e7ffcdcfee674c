/**
 * The support page's contact form: anyone may write (signed in or not); the message is stored, acknowledged by
 * mail to the address given (quoting it only to a signed-in sender's own verified address), and listed for
 * admins, who mark it handled.
 */
import type { z } from 'zod';
import { messages, paginationOf, SUPPORT_REQUESTS_LIMIT, type Pagination, type supportRequestBodySchema, type supportRequestListQuerySchema, type supportRequestListSchema } from '@gavel/domain';
import { notFound } from '../refused.ts';
import type { Prisma, PrismaClient, SupportRequest as RequestRow } from '../generated/prisma/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from '../auth/session.ts';
import { supportReceivedMail } from '../mail/templates.ts';

type SupportRequest = z.output<typeof supportRequestListSchema>['data'][number];

const present = (row: RequestRow): SupportRequest => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  userId: row.userId,
  handled: row.handledAt !== null,
  handledAt: row.handledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What the sender can quote when they write again: the end of the id, which is random (its start is a time). */
const supportReference = (id: string) => `S-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;

/** Stores a message to support and acknowledges it by mail; returns its id. */
export async function sendToSupport(
  prisma: PrismaClient,
  mailer: Pick<Mailer, 'send'>,
  user: Pick<UserRow, 'id' | 'email' | 'emailVerified'> | null,
  body: z.output<typeof supportRequestBodySchema>,
): Promise<string> {
  const row = await prisma.supportRequest.create({ data: { ...body, userId: user?.id ?? null } });
  // The form takes any address: only a signed-in sender's own verified one gets their words back.
  const ownAddress = user?.emailVerified && user.email.toLowerCase() === body.email.toLowerCase();
  await mailer.send(supportReceivedMail(body.email, supportReference(row.id), ownAddress ? body : null));
  return row.id;
}

/** Contact form messages, newest first (open or handled), with how many are open. */
export async function supportRequests(prisma: PrismaClient, query: z.output<typeof supportRequestListQuerySchema>): Promise<{ data: SupportRequest[]; open: number; pagination: Pagination }> {
  const limit = query.limit ?? SUPPORT_REQUESTS_LIMIT;
  const offset = query.offset ?? 0;
  const where: Prisma.SupportRequestWhereInput = query.status ? { handledAt: query.status === 'open' ? null : { not: null } } : {};
  const [rows, total, open] = await Promise.all([
    prisma.supportRequest.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    prisma.supportRequest.count({ where }),
    prisma.supportRequest.count({ where: { handledAt: null } }),
  ]);
  return { data: rows.map(present), open, pagination: paginationOf(total, limit, offset) };
}

/** Marks a message handled, or open again. */
export async function markSupportRequest(prisma: PrismaClient, id: string, handled: boolean): Promise<SupportRequest> {
  const found = await prisma.supportRequest.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw notFound(messages.support.notFound);
  return present(await prisma.supportRequest.update({ where: { id: found.id }, data: { handledAt: handled ? new Date() : null } }));
}
