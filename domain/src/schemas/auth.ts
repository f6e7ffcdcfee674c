import { z } from 'zod';
import { messages } from '../messages.ts';
import { emailField } from './content.ts';
import { BIDDING_FOR, GATES } from '../gates.ts';

export const ROLES = ['admin', 'seller', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const KYC_STATUSES = ['not_submitted', 'pending', 'approved', 'rejected'] as const;
export const MINIMUM_AGE = 18;
/** The shortest gap between two e-mail codes of one purpose to one user: the api refuses, the dapp counts down. */
export const EMAIL_CODE_RESEND_COOLDOWN_MS = 30_000;

const authMessages = messages.auth;

/** At least 8 characters with a letter and a digit: the one password rule, for sign-up, reset and change. */
export const passwordField = z
  .string({ error: authMessages.passwordRequired })
  .min(8, { error: authMessages.passwordTooShort })
  .max(128, { error: authMessages.passwordTooLong })
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), { error: authMessages.passwordWeak });

const code = z
  .string({ error: authMessages.codeRequired })
  .trim()
  .regex(/^\d{6}$/, { error: authMessages.codeFormat });
const name = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(100);

export const signupBodySchema = z
  .object({
    firstName: name(authMessages.firstNameRequired),
    lastName: name(authMessages.lastNameRequired),
    email: emailField,
    password: passwordField,
    confirmPassword: z.string().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, { error: authMessages.passwordsDiffer, path: ['confirmPassword'] });

export const signinBodySchema = z.object({ email: emailField, password: z.string({ error: authMessages.passwordRequired }).min(1, { error: authMessages.passwordRequired }) });
export const verifyEmailBodySchema = z.object({ userId: z.string({ error: authMessages.userIdRequired }).min(1, { error: authMessages.userIdRequired }), code });
export const resendCodeBodySchema = z.object({ userId: z.string({ error: authMessages.userIdRequired }).min(1, { error: authMessages.userIdRequired }) });
export const forgotPasswordBodySchema = z.object({ email: emailField });
export const verifyResetCodeBodySchema = z.object({ email: emailField, code });
export const resetPasswordBodySchema = z
  .object({ email: emailField, code, password: passwordField, confirmPassword: z.string().optional() })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, { error: authMessages.passwordsDiffer, path: ['confirmPassword'] });
export const changePasswordBodySchema = z
  .object({ currentPassword: z.string({ error: authMessages.passwordRequired }).min(1, { error: authMessages.passwordRequired }), newPassword: passwordField, confirmPassword: z.string().optional() })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.newPassword, { error: authMessages.passwordsDiffer, path: ['confirmPassword'] })
  .refine((b) => b.currentPassword !== b.newPassword, { error: authMessages.passwordUnchanged, path: ['newPassword'] });
export const acceptTermsBodySchema = z.object({ biddingFor: z.enum(BIDDING_FOR, { error: messages.terms.biddingForRequired }) });

/** Age in whole years on `today`. */
export function ageOn(dateOfBirth: Date, today: Date = new Date()): number {
  const age = today.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const beforeBirthday = today.getUTCMonth() < dateOfBirth.getUTCMonth() || (today.getUTCMonth() === dateOfBirth.getUTCMonth() && today.getUTCDate() < dateOfBirth.getUTCDate());
  return beforeBirthday ? age - 1 : age;
}

export const dateOfBirthField = z
  .string({ error: authMessages.dateOfBirthRequired })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: authMessages.dateOfBirthFormat })
  .transform((s) => new Date(`${s}T00:00:00Z`))
  .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() > 1900, { error: authMessages.dateOfBirthFormat })
  .refine((d) => ageOn(d) >= MINIMUM_AGE, { error: authMessages.underAge });

const text = (message: string, max = 200) => z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** The profile fields that make a profile complete (the basic-details form). */
export const updateProfileBodySchema = z.object({
  firstName: text(authMessages.firstNameRequired, 100),
  lastName: text(authMessages.lastNameRequired, 100),
  phoneNumber: z
    .string({ error: authMessages.phoneRequired })
    .trim()
    .regex(/^\+?[\d\s()-]{7,20}$/, { error: authMessages.phoneFormat }),
  country: text(authMessages.countryRequired, 100),
  city: text(authMessages.cityRequired, 100),
  state: z.string().trim().max(100).optional(),
  address: text(authMessages.addressRequired),
  postCode: text(authMessages.postCodeRequired, 20),
  dateOfBirth: dateOfBirthField,
  title: z.string().trim().max(50).optional(),
});

export const userSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  address: z.string().nullable(),
  postCode: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  role: z.enum(ROLES),
  title: z.string(),
  isProfileComplete: z.boolean(),
  identityVerified: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  kycReason: z.string().nullable(),
  hasValidPaymentMethod: z.boolean(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The pay-later allowance an admin granted, USD ("0.00": none; bid by card). */
  biddingLimit: z.string(),
  /** The unpaid mark: purchases voided because they were not paid by their deadline. */
  unpaidCount: z.number().int(),
  termsAccepted: z.boolean(),
  termsAcceptedAt: z.string().nullable(),
  /** The published terms version accepted (null: none published when accepted). */
  termsVersion: z.number().int().nullable().optional(),
  biddingFor: z.enum(BIDDING_FOR).nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const messageReplySchema = z.object({ message: z.string() });
export const authReplySchema = z.object({ message: z.string(), user: userSchema, token: z.string() });
export const userReplySchema = z.object({ message: z.string().optional(), user: userSchema });
export const signupReplySchema = z.object({ message: z.string(), userId: z.string() });

/** /auth/bid-eligibility's reply: the first gate a bidder has still to pass, with its message and where to go. */
export const bidEligibilitySchema = z.object({
  eligible: z.boolean(),
  gate: z.enum(GATES).nullable(),
  message: z.string().nullable(),
  redirect: z.string().nullable(),
});
