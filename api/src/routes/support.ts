/**
 * The support page's contact form (support/requests.ts): anyone may write (signed in or not), limited per user
 * and per address; admins list the messages and mark them handled.
 */
import {
  messages,
  supportRequestBodySchema,
  supportRequestListQuerySchema,
  supportRequestListSchema,
  supportRequestReplySchema,
  supportRequestUpdateReplySchema,
  supportRequestUpdateSchema,
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { markSupportRequest, sendToSupport, supportRequests } from '../support/requests.ts';

const admin = { roles: ['admin'] as const };

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
    handler: async ({ body, user }) => ({ message: messages.support.sent, data: { _id: await sendToSupport(prisma, mailer, user, body) } }),
  });

  routes.add({
    method: 'get',
    path: '/admin/support-requests',
    tag: 'Admin: support',
    summary: 'Contact form messages, newest first (status open or handled; 20 a page)',
    access: admin,
    query: supportRequestListQuerySchema,
    reply: supportRequestListSchema,
    handler: ({ query }) => supportRequests(prisma, query),
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
    handler: async ({ params, body }) => ({ message: body.handled ? messages.support.handled : messages.support.reopened, data: await markSupportRequest(prisma, params.id!, body.handled) }),
  });
}
