import { IDENTITY_DOCUMENT_MAX_BYTES, IDENTITY_DOCUMENT_TYPES, identityReplySchema, identitySubmissionSchema, messages } from '@gavel/domain';
import { Refused } from '../refused.ts';
import { readMultipart } from '../http/multipart.ts';
import { parseInput } from '../http/validate.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { looksLike } from '../storage/image-pinning.ts';
import { identityDocuments, latestIdentityCheck, presentIdentityCheck, submitIdentityCheck } from '../identity/identity.ts';

const identityMessages = messages.identity;

export function identityRoutes(routes: RouteTable, { db, mailer, config }: Services): void {
  const documents = identityDocuments(config.dataDir);

  routes.add({
    method: 'get',
    path: '/identity-verification',
    tag: 'Identity',
    summary: "The signed-in user's latest identity check",
    access: {},
    reply: identityReplySchema,
    handler: async ({ user }) => {
      const latest = await latestIdentityCheck(db.prisma, user.id);
      return { data: latest ? presentIdentityCheck(latest) : null, kycStatus: user.kycStatus };
    },
  });

  routes.add({
    method: 'post',
    path: '/identity-verification',
    rateLimit: 'uploads',
    tag: 'Identity',
    summary: 'Submit an identity check (multipart: legalName, dateOfBirth YYYY-MM-DD, country, documentType, documentNumber, document file)',
    description: `The document is a JPEG, PNG, WebP or PDF under 10 MB, stored privately. The check is pending until an admin decides${config.kycAutoApprove ? ' (KYC_AUTO_APPROVE is on: approved at once)' : ''}.`,
    access: { gates: ['emailVerified'] },
    reply: identityReplySchema,
    status: 201,
    errors: { 409: identityMessages.alreadyPending, 413: identityMessages.documentTooLarge },
    handler: async ({ ctx, user }) => {
      if (user.identityVerified) throw new Refused('conflict', identityMessages.alreadyVerified, 'already_verified');
      if (user.kycStatus === 'pending') throw new Refused('conflict', identityMessages.alreadyPending, 'already_pending');
      const { fields, file } = await readMultipart(ctx, { maxFileBytes: IDENTITY_DOCUMENT_MAX_BYTES, tooLarge: identityMessages.documentTooLarge });
      const form = parseInput(identitySubmissionSchema, fields, 'body');
      if (!file || file.bytes.length === 0) throw new Refused('invalid', identityMessages.documentRequired, 'validation_failed', { document: identityMessages.documentRequired });
      // The declared type must be one we take and the bytes must be that type: the browser's word is the file name's.
      if (!(IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(file.contentType) || !looksLike(file.contentType, file.bytes)) {
        throw new Refused('invalid', identityMessages.documentType, 'validation_failed', { document: identityMessages.documentType });
      }
      const { check, kycStatus } = await submitIdentityCheck(db.prisma, mailer, documents, user.id, form, file, config.kycAutoApprove);
      return { message: kycStatus === 'approved' ? identityMessages.approvedNow : identityMessages.submitted, data: presentIdentityCheck(check), kycStatus };
    },
  });
}
