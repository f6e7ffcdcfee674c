/**
 * The support page's contact form: anyone may write (signed in or not), limited per user and per address; the
 * message is stored, acknowledged by mail to the address given (quoting it only to a signed-in sender's own
 * verified address), and listed for admins, who mark it handled.
 */
import {
  messages,
  paginationOf,
  SUPPORT_REQUESTS_LIMIT,
  supportRequestBodySchema,
  supportRequestListQuerySchema,
  supportRequestListSchema,
  supportRequestReplySchema,
  supportRequestUpdateReplySchema,
  supportRequestUpdateSchema,
} from '@gavel/domain';
import { notFound } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { Prisma, SupportRequest } from '../generated/prisma/client.ts';
import { supportReceivedMail } from '../mail/templates.ts';

const admin = { roles: ['admin'] as const };

const present = (row: SupportRequest) => ({
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
export const supportReference = (id: string) => `S-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;

export function supportRoutes(routes: RouteTable, { db, mailer }: Services): void {
  const { prisma } = db;

  routes.add({
    method: 'post',
    path: '/support/requests',
    rateLimit: 'support',
    tag: 'Content',
    summary: 'Send a message to support (name, email, subject, message); acknowledged by mail',
    description:
      'Open to visitors. Plain text: control characters are removed, and the text is escaped wherever it is shown or mailed. ' +
      'The acknowledgement quotes the message only when the sender is signed in and `email` is their verified address; otherwise it carries the reference alone.',
    body: supportRequestBodySchema,
    reply: supportRequestReplySchema,
    status: 201,
    handler: async ({ body, user }) => {
      const row = await prisma.supportRequest.create({ data: { ...body, userId: user?.id ?? null } });
      // The form takes any address: only a signed-in sender's own verified one gets their words back.
      const ownAddress = user?.emailVerified && user.email.toLowerCase() === body.email.toLowerCase();
      await mailer.send(supportReceivedMail(body.email, supportReference(row.id), ownAddress ? body : null));
      return { message: messages.support.sent, data: { _id: row.id } };
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/support-requests',
    tag: 'Admin: support',
    summary: 'Contact form messages, newest first (status open or handled; 20 a page)',
    access: admin,
    query: supportRequestListQuerySchema,
    reply: supportRequestListSchema,
    handler: async ({ query }) => {
      const limit = query.limit ?? SUPPORT_REQUESTS_LIMIT;
      const offset = query.offset ?? 0;
      const where: Prisma.SupportRequestWhereInput = query.status ? { handledAt: query.status === 'open' ? null : { not: null } } : {};
      const [rows, total, open] = await Promise.all([
        prisma.supportRequest.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
        prisma.supportRequest.count({ where }),
        prisma.supportRequest.count({ where: { handledAt: null } }),
      ]);
      return { data: rows.map(present), open, pagination: paginationOf(total, limit, offset) };
    },
  });

  routes.add({
    method: 'patch',
    path: '/admin/support-requests/:id',
    tag: 'Admin: support',
    summary: 'Mark a contact form message handled, or open again',
    access: admin,
    body: supportRequestUpdateSchema,
    reply: supportRequestUpdateReplySchema,
    errors: { 404: messages.support.notFound },
    handler: async ({ params, body }) => {
      const found = await prisma.supportRequest.findUnique({ where: { id: params.id! }, select: { id: true } });
      if (!found) throw notFound(messages.support.notFound);
      const row = await prisma.supportRequest.update({ where: { id: found.id }, data: { handledAt: body.handled ? new Date() : null } });
      return { message: body.handled ? messages.support.handled : messages.support.reopened, data: present(row) };
    },
  });
}
