import { z } from 'zod';
import { messages } from '../messages.ts';
import { dateOfBirthField, KYC_STATUSES } from './auth.ts';
import { MAX_PAGE_SIZE, paginationSchema, queryInt } from './common.ts';

export const DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence'] as const;
export const IDENTITY_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const IDENTITY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const identityMessages = messages.identity;

/** The identity form's text fields (the document image travels beside them in the multipart body). */
export const identitySubmissionSchema = z.object({
  legalName: z.string({ error: identityMessages.legalNameRequired }).trim().min(2, { error: identityMessages.legalNameRequired }).max(200),
  dateOfBirth: dateOfBirthField,
  country: z.string({ error: identityMessages.countryRequired }).trim().min(2, { error: identityMessages.countryRequired }).max(100),
  documentType: z.enum(DOCUMENT_TYPES, { error: identityMessages.documentTypeRequired }),
  documentNumber: z
    .string({ error: identityMessages.documentNumberRequired })
    .trim()
    .regex(/^[A-Za-z0-9 -]{4,30}$/, { error: identityMessages.documentNumberFormat }),
});

export const identityCheckSchema = z.object({
  id: z.string(),
  status: z.enum(KYC_STATUSES),
  reason: z.string().nullable(),
  legalName: z.string(),
  country: z.string(),
  documentType: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export const identityReplySchema = z.object({ message: z.string().optional(), data: identityCheckSchema.nullable(), kycStatus: z.enum(KYC_STATUSES) });

/** What the admin deciding a check sees: every field the user submitted, and where to fetch the document (admin token). */
export const adminIdentityCheckSchema = identityCheckSchema.extend({
  dateOfBirth: z.string(),
  documentNumber: z.string(),
  document: z.object({ contentType: z.string(), url: z.string() }).nullable(),
});
export type AdminIdentityCheck = z.infer<typeof adminIdentityCheckSchema>;

/** PATCH /admin/users/:id/kyc — a rejection must say why. */
export const kycDecisionSchema = z
  .object({ kycStatus: z.enum(['approved', 'rejected', 'pending'], { error: identityMessages.kycStatusRequired }), reason: z.string().trim().max(500).optional() })
  .refine((b) => b.kycStatus !== 'rejected' || !!b.reason, { error: identityMessages.reasonRequired, path: ['reason'] });

export const paymentVerificationSchema = z.object({ paymentMethodVerified: z.boolean({ error: 'paymentMethodVerified must be true or false' }) });

/** GET /admin/users */
export const adminUserListQuerySchema = z.object({
  kycStatus: z.enum(KYC_STATUSES, { error: `must be one of ${KYC_STATUSES.join(', ')}` }).optional(),
  paymentVerified: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  search: z.string().trim().max(200).optional(),
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
  offset: queryInt(0, 10_000_000).optional(),
});
export const ADMIN_USERS_LIMIT = 20;

export const adminUserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(['admin', 'seller', 'user']),
  emailVerified: z.boolean(),
  isProfileComplete: z.boolean(),
  identityVerified: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  reason: z.string().nullable(),
  hasValidPaymentMethod: z.boolean(),
  paymentMethodVerified: z.boolean(),
  /** The pay-later allowance, USD ("2500.00"). */
  biddingLimit: z.string(),
  /** Purchases voided for non-payment (the unpaid mark). */
  unpaidCount: z.number().int(),
  termsAccepted: z.boolean(),
  createdAt: z.string(),
  identity: adminIdentityCheckSchema.nullable(),
});
export const adminUserListSchema = z.object({ data: z.array(adminUserSchema), pagination: paginationSchema });
export const adminUserReplySchema = z.object({ message: z.string().optional(), data: adminUserSchema });

/** PATCH /admin/users/:id/bidding-limit: US dollars, whole cents, at most $1,000,000,000. */
export const biddingLimitBodySchema = z.object({
  biddingLimit: z
    .union([z.string().trim(), z.number()], { error: messages.identity.biddingLimitFormat })
    .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(String(v)) && Number(v) <= 1_000_000_000, { error: messages.identity.biddingLimitFormat }),
});

/** GET /payment/bidding-limit: the user's pay-later allowance and what their open pay-later commitments leave of it. */
export const biddingLimitReplySchema = z.object({ data: z.object({ limit: z.string(), available: z.string() }) });
export type BiddingLimitReply = z.infer<typeof biddingLimitReplySchema>;
