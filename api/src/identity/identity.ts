/** Identity checks: a user submits, an admin (or the demo's auto-approval) decides. */
import path from 'node:path';
import type { IdentityVerification, KycStatus, Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { gatesLeft } from '@gavel/domain';
import { identityReviewedMail } from '../mail/templates.ts';
import { PrivateStore } from '../storage/private-store.ts';

/** Where identity documents are kept: under the data directory, apart from everything the api serves publicly. */
export const identityDocuments = (dataDir: string) => new PrivateStore(path.join(dataDir, 'private', 'identity'));

/** The admin's path to the document of one check (asked with the admin token, never cached: see admin-users.ts). */
export const identityDocumentPath = (checkId: string) => `/admin/identity-checks/${encodeURIComponent(checkId)}/document`;

export function presentIdentityCheck(check: IdentityVerification) {
  return {
    id: check.id,
    status: check.status,
    reason: check.reason,
    legalName: check.legalName,
    country: check.country,
    documentType: check.documentType,
    submittedAt: check.createdAt.toISOString(),
    reviewedAt: check.reviewedAt?.toISOString() ?? null,
  };
}

/** Everything the user submitted, for the admin who decides: the fields, and the document if one was stored. */
export function presentIdentityForAdmin(check: IdentityVerification) {
  return {
    ...presentIdentityCheck(check),
    dateOfBirth: check.dateOfBirth.toISOString().slice(0, 10),
    documentNumber: check.documentNumber,
    document: check.documentSha256 && check.documentContentType ? { contentType: check.documentContentType, url: identityDocumentPath(check.id) } : null,
  };
}

/**
 * Records a decision on the user's latest check and mirrors it on the user (kycStatus, reason,
 * identityVerified). Only an approval verifies; rejection and reopening both clear verification.
 */
export async function decideIdentity(
  prisma: PrismaClient,
  mailer: Mailer,
  decision: { userId: string; status: Exclude<KycStatus, 'not_submitted'>; reason: string | null; reviewerId: string | null },
) {
  const latest = await prisma.identityVerification.findFirst({ where: { userId: decision.userId }, orderBy: { createdAt: 'desc' } });
  const [user] = await prisma.$transaction([
    prisma.user.update({
      where: { id: decision.userId },
      data: { kycStatus: decision.status, kycReason: decision.reason, identityVerified: decision.status === 'approved' },
    }),
    ...(latest
      ? [
          prisma.identityVerification.update({
            where: { id: latest.id },
            data: { status: decision.status, reason: decision.reason, reviewedById: decision.reviewerId, reviewedAt: new Date() },
          }),
        ]
      : []),
  ]);
  // An approval says only what is still left before bidding: not a card or terms the user already has.
  const left = gatesLeft(user).map((step) => step.label);
  if (decision.status !== 'pending') await mailer.send(identityReviewedMail(user.email, decision.status === 'approved', decision.reason, left));
  return user;
}

/**
 * Stores the document privately and records a pending identity check (the user's verification cleared until
 * it is decided); with auto-approval on (a demo), approves it at once.
 */
export async function submitIdentityCheck(
  prisma: PrismaClient,
  mailer: Mailer,
  documents: PrivateStore,
  userId: string,
  form: Omit<Prisma.IdentityVerificationUncheckedCreateInput, 'userId' | 'documentSha256' | 'documentContentType'>,
  file: { bytes: Buffer; contentType: string },
  autoApprove: boolean,
): Promise<{ check: IdentityVerification; kycStatus: 'pending' | 'approved' }> {
  const sha256 = await documents.put(file.bytes);
  const check = await prisma.identityVerification.create({ data: { userId, ...form, documentSha256: sha256, documentContentType: file.contentType } });
  await prisma.user.update({ where: { id: userId }, data: { kycStatus: 'pending', kycReason: null, identityVerified: false } });
  if (!autoApprove) return { check, kycStatus: 'pending' };
  await decideIdentity(prisma, mailer, { userId, status: 'approved', reason: 'Approved automatically (demo)', reviewerId: null });
  return { check: await prisma.identityVerification.findUniqueOrThrow({ where: { id: check.id } }), kycStatus: 'approved' };
}

/** The user's latest identity check, or null. */
export async function latestIdentityCheck(prisma: PrismaClient, userId: string): Promise<IdentityVerification | null> {
  return prisma.identityVerification.findFirst({ where: { userId }, orderBy: { createdAt: 'desc' } });
}
