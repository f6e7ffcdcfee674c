/** Admin: the users list with KYC and payment verification (the screens come with the admin issue). */
import {
  ADMIN_USERS_LIMIT,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserReplySchema,
  biddingLimitBodySchema,
  formatAmount,
  kycDecisionSchema,
  messages,
  parseAmount,
  paginationOf,
  paymentVerificationSchema,
} from '@gavel/domain';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { Prisma as P } from '../generated/prisma/client.ts';
import { decideIdentity, identityDocuments, presentIdentityForAdmin } from '../identity/identity.ts';
import { containing } from '../db/search-text.ts';

const admin = { roles: ['admin'] as const };
const withLatestCheck = { identityChecks: { orderBy: { createdAt: 'desc' as const }, take: 1 } };
type AdminUserRow = P.UserGetPayload<{ include: typeof withLatestCheck }>;

function presentAdminUser(user: AdminUserRow) {
  const latest = user.identityChecks[0];
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    emailVerified: user.emailVerified,
    isProfileComplete: user.isProfileComplete,
    identityVerified: user.identityVerified,
    kycStatus: user.kycStatus,
    reason: user.kycReason,
    hasValidPaymentMethod: user.hasValidPaymentMethod,
    paymentMethodVerified: user.paymentMethodVerified,
    biddingLimit: formatAmount(BigInt(user.biddingLimit.toFixed(0)), 'USD'),
    unpaidCount: user.unpaidCount,
    termsAccepted: user.termsAccepted,
    createdAt: user.createdAt.toISOString(),
    identity: latest ? presentIdentityForAdmin(latest) : null,
  };
}

export function adminUserRoutes(routes: RouteTable, { db, mailer, config }: Services): void {
  const documents = identityDocuments(config.dataDir);
  const load = async (id: string) => {
    const user = await db.prisma.user.findUnique({ where: { id }, include: withLatestCheck });
    if (!user) throw notFound(messages.auth.userNotFound);
    return user;
  };

  routes.add({
    method: 'get',
    path: '/admin/users',
    tag: 'Admin',
    summary: 'Users, newest first, filtered by KYC status and payment verification (limit 20)',
    access: admin,
    query: adminUserListQuerySchema,
    reply: adminUserListSchema,
    handler: async ({ query }) => {
      const limit = query.limit ?? ADMIN_USERS_LIMIT;
      const offset = query.offset ?? 0;
      const where: P.UserWhereInput = {
        ...(query.kycStatus ? { kycStatus: query.kycStatus } : {}),
        ...(query.paymentVerified !== undefined ? { paymentMethodVerified: query.paymentVerified } : {}),
        ...(query.search ? { OR: [{ email: containing(query.search) }, { name: containing(query.search) }] } : {}),
      };
      const [rows, total] = await Promise.all([
        db.prisma.user.findMany({ where, include: withLatestCheck, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
        db.prisma.user.count({ where }),
      ]);
      return { data: rows.map(presentAdminUser), pagination: paginationOf(total, limit, offset) };
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/users/:id',
    tag: 'Admin',
    summary: 'One user',
    access: admin,
    reply: adminUserReplySchema,
    errors: { 404: messages.auth.userNotFound },
    handler: async ({ params }) => ({ data: presentAdminUser(await load(params.id!)) }),
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
      const check = await db.prisma.identityVerification.findUnique({ where: { id: params.id! }, select: { documentSha256: true, documentContentType: true } });
      const bytes = check?.documentSha256 ? await documents.get(check.documentSha256) : null;
      // Set before a refusal too: even the 404 of a document must not be kept.
      ctx.set('Cache-Control', 'private, no-store');
      if (!bytes || !check?.documentContentType) throw notFound(messages.identity.documentNotFound);
      ctx.set('Content-Disposition', 'inline');
      // A PDF (or a file claiming to be an image) opened directly runs nothing on this origin.
      ctx.set('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      ctx.type = check.documentContentType;
      ctx.body = bytes;
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
    handler: async ({ params, body, user }) => {
      await load(params.id!);
      await decideIdentity(db.prisma, mailer, { userId: params.id!, status: body.kycStatus, reason: body.reason ?? null, reviewerId: user.id });
      return { message: messages.identity.kycUpdated, data: presentAdminUser(await load(params.id!)) };
    },
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
    handler: async ({ params, body }) => {
      await load(params.id!);
      await db.prisma.user.update({ where: { id: params.id! }, data: { paymentMethodVerified: body.paymentMethodVerified } });
      return { message: messages.identity.paymentVerificationUpdated, data: presentAdminUser(await load(params.id!)) };
    },
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
    handler: async ({ params, body }) => {
      await load(params.id!);
      await db.prisma.user.update({ where: { id: params.id! }, data: { biddingLimit: parseAmount(body.biddingLimit, 'USD').toString() } });
      return { message: messages.identity.biddingLimitUpdated, data: presentAdminUser(await load(params.id!)) };
    },
  });
}
