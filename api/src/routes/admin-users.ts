/** Admin: the users list with KYC and payment verification (identity/admin-users.ts reads and decides). */
import { adminUserListQuerySchema, adminUserListSchema, adminUserReplySchema, biddingLimitBodySchema, kycDecisionSchema, messages, paymentVerificationSchema } from '@gavel/domain';
import { z } from 'zod';
import { notFound } from '../refused.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { identityDocuments } from '../identity/identity.ts';
import { adminUser, adminUsers, decideKyc, identityDocument, setBiddingLimit, setPaymentVerification } from '../identity/admin-users.ts';

const admin = { roles: ['admin'] as const };

export function adminUserRoutes(routes: RouteTable, { db, mailer, config }: Services): void {
  const { prisma } = db;
  const documents = identityDocuments(config.dataDir);

  routes.add({
    method: 'get',
    path: '/admin/users',
    tag: 'Admin',
    summary: 'Users, newest first, filtered by KYC status and payment verification (limit 20)',
    access: admin,
    query: adminUserListQuerySchema,
    reply: adminUserListSchema,
    handler: ({ query }) => adminUsers(prisma, query),
  });

  routes.add({
    method: 'get',
    path: '/admin/users/:id',
    tag: 'Admin',
    summary: 'One user',
    access: admin,
    reply: adminUserReplySchema,
    errors: { 404: messages.auth.userNotFound },
    handler: async ({ params }) => ({ data: await adminUser(prisma, params.id!) }),
  });

  routes.add({
    method: 'get',
    path: '/admin/identity-checks/:id/document',
    tag: 'Admin',
    summary: 'The document image (or PDF) of an identity check, as uploaded',
    description: 'The file itself, with its own type. Admins only, and never stored by a browser or a proxy: `Cache-Control: private, no-store`.',
    access: admin,
    reply: z.string().describe('the document bytes'),
    errors: { 404: messages.identity.documentNotFound },
    handler: async ({ params, ctx }) => {
      const document = await identityDocument(prisma, documents, params.id!);
      // Set before a refusal too: even the 404 of a document must not be kept.
      ctx.set('Cache-Control', 'private, no-store');
      if (!document) throw notFound(messages.identity.documentNotFound);
      ctx.set('Content-Disposition', 'inline');
      // A PDF (or a file claiming to be an image) opened directly runs nothing on this origin.
      ctx.set('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      ctx.type = document.contentType;
      ctx.body = document.bytes;
      return null;
    },
  });

  routes.add({
    method: 'patch',
    path: '/admin/users/:id/kyc',
    tag: 'Admin',
    summary: 'Approve or reject (with a reason) an identity check',
    access: admin,
    body: kycDecisionSchema,
    reply: adminUserReplySchema,
    errors: { 404: messages.auth.userNotFound },
    handler: async ({ params, body, user }) => ({ message: messages.identity.kycUpdated, data: await decideKyc(prisma, mailer, params.id!, body, user.id) }),
  });

  routes.add({
    method: 'patch',
    path: '/admin/users/:id/payment-verification',
    tag: 'Admin',
    summary: "Mark a user's payment method verified or not",
    access: admin,
    body: paymentVerificationSchema,
    reply: adminUserReplySchema,
    errors: { 404: messages.auth.userNotFound },
    handler: async ({ params, body }) => ({ message: messages.identity.paymentVerificationUpdated, data: await setPaymentVerification(prisma, params.id!, body.paymentMethodVerified) }),
  });

  routes.add({
    method: 'patch',
    path: '/admin/users/:id/bidding-limit',
    tag: 'Admin',
    summary: "Set a user's pay-later bidding limit (USD)",
    description:
      'Bids and Buy Now purchases on USD lots without a card hold are accepted only within this limit, less the user’s open pay-later commitments ' +
      '(their leading bids without a hold on open USD lots, and USD lots they won or bought without a card and have not paid). 0 turns pay-later off.',
    access: admin,
    body: biddingLimitBodySchema,
    reply: adminUserReplySchema,
    errors: { 404: messages.auth.userNotFound },
    handler: async ({ params, body }) => ({ message: messages.identity.biddingLimitUpdated, data: await setBiddingLimit(prisma, params.id!, body.biddingLimit) }),
  });
}
