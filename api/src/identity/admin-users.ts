/**
 * The admin's users: the list with KYC and payment verification, the identity check's document, and the admin's
 * decisions on a user (KYC, payment verification, the pay-later bidding limit). A missing user is refused as not found.
 */
import type { z } from 'zod';
import { ADMIN_USERS_LIMIT, formatAmount, messages, parseAmount, paginationOf, type Pagination, type adminUserListQuerySchema, type adminUserSchema, type kycDecisionSchema } from '@gavel/domain';
import { notFound } from '../refused.ts';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PrivateStore } from '../storage/private-store.ts';
import { decideIdentity, presentIdentityForAdmin } from './identity.ts';
import { containing } from '../db/search-text.ts';

type AdminUser = z.output<typeof adminUserSchema>;
const withLatestCheck = { identityChecks: { orderBy: { createdAt: 'desc' as const }, take: 1 } };
type AdminUserRow = P.UserGetPayload<{ include: typeof withLatestCheck }>;

function presentAdminUser(user: AdminUserRow): AdminUser {
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

async function load(prisma: PrismaClient, id: string): Promise<AdminUserRow> {
  const user = await prisma.user.findUnique({ where: { id }, include: withLatestCheck });
  if (!user) throw notFound(messages.auth.userNotFound);
  return user;
}

/** Users, newest first, filtered by KYC status and payment verification, searched by e-mail or name. */
export async function adminUsers(prisma: PrismaClient, query: z.output<typeof adminUserListQuerySchema>): Promise<{ data: AdminUser[]; pagination: Pagination }> {
  const limit = query.limit ?? ADMIN_USERS_LIMIT;
  const offset = query.offset ?? 0;
  const where: P.UserWhereInput = {
    ...(query.kycStatus ? { kycStatus: query.kycStatus } : {}),
    ...(query.paymentVerified !== undefined ? { paymentMethodVerified: query.paymentVerified } : {}),
    ...(query.search ? { OR: [{ email: containing(query.search) }, { name: containing(query.search) }] } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.user.findMany({ where, include: withLatestCheck, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    prisma.user.count({ where }),
  ]);
  return { data: rows.map(presentAdminUser), pagination: paginationOf(total, limit, offset) };
}

/** One user as the admin sees it. */
export async function adminUser(prisma: PrismaClient, id: string): Promise<AdminUser> {
  return presentAdminUser(await load(prisma, id));
}

/** The document of an identity check as uploaded, with its type; null when there is none. */
export async function identityDocument(prisma: PrismaClient, documents: Pick<PrivateStore, 'get'>, checkId: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const check = await prisma.identityVerification.findUnique({ where: { id: checkId }, select: { documentSha256: true, documentContentType: true } });
  const bytes = check?.documentSha256 ? await documents.get(check.documentSha256) : null;
  return bytes && check?.documentContentType ? { bytes, contentType: check.documentContentType } : null;
}

/** Approves or rejects (with a reason) the user's identity check; the user is told by mail. */
export async function decideKyc(prisma: PrismaClient, mailer: Mailer, userId: string, body: z.output<typeof kycDecisionSchema>, reviewerId: string): Promise<AdminUser> {
  await load(prisma, userId);
  await decideIdentity(prisma, mailer, { userId, status: body.kycStatus, reason: body.reason ?? null, reviewerId });
  return adminUser(prisma, userId);
}

/** Marks the user's payment method verified or not. */
export async function setPaymentVerification(prisma: PrismaClient, userId: string, paymentMethodVerified: boolean): Promise<AdminUser> {
  await load(prisma, userId);
  await prisma.user.update({ where: { id: userId }, data: { paymentMethodVerified } });
  return adminUser(prisma, userId);
}

/** Sets the user's pay-later bidding limit, in US dollars (0 turns pay-later off). */
export async function setBiddingLimit(prisma: PrismaClient, userId: string, biddingLimit: string | number): Promise<AdminUser> {
  await load(prisma, userId);
  await prisma.user.update({ where: { id: userId }, data: { biddingLimit: parseAmount(biddingLimit, 'USD').toString() } });
  return adminUser(prisma, userId);
}
