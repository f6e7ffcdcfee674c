/**
 * Accounts: sign-up, sign-in, e-mail verification, password reset and change, the basic details, accepting the
 * terms, signing out. E-mail codes are limited per address and per account, and wrong ones are capped per
 * account over a day; unknown accounts are answered and counted like known ones, so no reply tells whether an
 * address has an account.
 */
import type { z } from 'zod';
import { EMAIL_CODE_RESEND_COOLDOWN_MS, messages, type acceptTermsBodySchema, type signupBodySchema, type updateProfileBodySchema } from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { Database } from '../db/client.ts';
import type { EmailCodePurpose as CodePurpose } from '../generated/prisma/client.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordChangedMail, resetPasswordMail, verifyEmailMail } from '../mail/templates.ts';
import { currentTermsVersion } from '../content/policies.ts';
import { burnPasswordCheck, hashPassword, passwordMatches } from './passwords.ts';
import { revokeSessions, type UserRow } from './session.ts';
import type { CodeCheck, EmailCodes } from './email-codes.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { RateLimitConfig } from '../http/rate-limit-config.ts';
import type { TokenService } from './tokens.ts';
import { SigninGuard } from './signin-guard.ts';

const authMessages = messages.auth;
/** Wrong e-mail codes are capped per account over this window. */
const CODE_FAILURES_WINDOW_S = 86_400;

export interface AccountServices {
  db: Database;
  tokens: TokenService;
  emailCodes: EmailCodes;
  rateLimiter: RateLimiter;
  mailer: Pick<Mailer, 'send'>;
  eventHub: EventHub;
  limits: RateLimitConfig;
}

/** A user signed in: the row and a fresh token. */
export interface SignedIn {
  user: UserRow;
  token: string;
}

export class Accounts {
  private readonly signinGuard: SigninGuard;

  constructor(private readonly services: AccountServices) {
    this.signinGuard = new SigninGuard(services.rateLimiter, services.limits);
  }

  /** Creates an account (refused, conflict, when the address has one) and e-mails a code to verify the address. */
  async signUp(body: z.output<typeof signupBodySchema>, ip: string): Promise<UserRow> {
    const { db, rateLimiter, limits } = this.services;
    await rateLimiter.hit(`signup:ip:${ip}`, limits.signinPerIp);
    const passwordHash = await hashPassword(body.password);
    const created = await db.sql<{ id: string }>(
      `INSERT INTO "User" (id, email, "passwordHash", "firstName", "lastName", name, "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now()) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [body.email, passwordHash, body.firstName, body.lastName, `${body.firstName} ${body.lastName}`],
    );
    if (!created[0]) throw new Refused('conflict', authMessages.emailTaken, 'email_taken', { email: authMessages.emailTaken });
    const user = await db.prisma.user.findUniqueOrThrow({ where: { id: created[0].id } });
    await this.sendVerifyCode(user);
    return user;
  }

  /** Signs in with e-mail and password; an unverified address is refused (forbidden) with `userId`, and a fresh code is e-mailed. */
  async signIn(email: string, password: string, ip: string): Promise<SignedIn> {
    const { db, emailCodes } = this.services;
    await this.signinGuard.admit(email, ip);
    const user = await db.prisma.user.findUnique({ where: { email } });
    if (!user) await burnPasswordCheck(password);
    if (!user || !(await passwordMatches(user.passwordHash, password))) {
      await this.signinGuard.failed(email);
      throw new Refused('unauthenticated', authMessages.invalidCredentials, 'invalid_credentials');
    }
    await this.signinGuard.succeeded(email, ip);
    if (!user.emailVerified) {
      const last = await emailCodes.lastIssuedAt(user.id, 'verify_email');
      if (!last || Date.now() - last.getTime() > EMAIL_CODE_RESEND_COOLDOWN_MS) await this.sendVerifyCode(user);
      throw new Refused('forbidden', authMessages.emailNotVerified, 'email_not_verified', undefined, { userId: user.id });
    }
    return this.signedIn(user);
  }

  /** Verifies the e-mail address with its code, and signs the user in. */
  async verifyEmail(userId: string, code: string, ip: string): Promise<SignedIn> {
    const { prisma } = this.services.db;
    await this.limitCodes(ip, userId);
    const user = await prisma.user.findUnique({ where: { id: userId } });
    if (user?.emailVerified) throw new Refused('conflict', authMessages.alreadyVerified, 'already_verified');
    const owner = await this.checkCode('verify_email', userId, user, code, true);
    return this.signedIn(await prisma.user.update({ where: { id: owner.id }, data: { emailVerified: true } }));
  }

  /** E-mails a new verification code, at most one per cooldown (too many, sooner). */
  async resendCode(userId: string, ip: string): Promise<void> {
    const { db, emailCodes } = this.services;
    await this.limitCodes(ip, userId);
    const user = await db.prisma.user.findUnique({ where: { id: userId } });
    // Unknown or already-verified ids get the same answer, so the route tells nothing about accounts.
    if (!user || user.emailVerified) return;
    const last = await emailCodes.lastIssuedAt(user.id, 'verify_email');
    if (last && Date.now() - last.getTime() < EMAIL_CODE_RESEND_COOLDOWN_MS) throw new Refused('too_many', authMessages.resendTooSoon, 'resend_too_soon');
    await this.sendVerifyCode(user);
  }

  /** E-mails a password reset code when the address has an account (and none was sent within the cooldown). */
  async forgotPassword(email: string, ip: string): Promise<void> {
    const { db, emailCodes, mailer } = this.services;
    await this.limitCodes(ip, email);
    const user = await db.prisma.user.findUnique({ where: { email } });
    if (!user) return;
    const last = await emailCodes.lastIssuedAt(user.id, 'reset_password');
    if (!last || Date.now() - last.getTime() >= EMAIL_CODE_RESEND_COOLDOWN_MS) {
      await mailer.send(resetPasswordMail(user.email, await emailCodes.issue(user.id, 'reset_password')));
    }
  }

  /** Checks a reset code without spending it (the reset itself spends it). */
  async verifyResetCode(email: string, code: string, ip: string): Promise<void> {
    await this.limitCodes(ip, email);
    await this.checkResetCode(email, code, false);
  }

  /** Sets a new password with a reset code and signs out every session. */
  async resetPassword(email: string, code: string, password: string, ip: string): Promise<void> {
    const { db, eventHub, mailer } = this.services;
    await this.limitCodes(ip, email);
    const user = await this.checkResetCode(email, code, true);
    // Whoever reads the mailbox owns the address, so a reset also proves it.
    await revokeSessions(db.prisma, eventHub, user.id, { passwordHash: await hashPassword(password), emailVerified: true });
    await mailer.send(passwordChangedMail(user.email));
  }

  /** Changes the password (invalid when the current one is wrong); every earlier token is revoked and a new one issued. */
  async changePassword(user: UserRow, currentPassword: string, newPassword: string): Promise<SignedIn> {
    const { db, eventHub, mailer } = this.services;
    if (!(await passwordMatches(user.passwordHash, currentPassword))) {
      throw new Refused('invalid', authMessages.wrongPassword, 'wrong_password', { currentPassword: authMessages.wrongPassword });
    }
    const updated = await revokeSessions(db.prisma, eventHub, user.id, { passwordHash: await hashPassword(newPassword) });
    await mailer.send(passwordChangedMail(user.email));
    return this.signedIn(updated);
  }

  /** Saves the basic details; every required field passed validation, so the profile is complete. */
  async updateProfile(user: UserRow, body: z.output<typeof updateProfileBodySchema>): Promise<UserRow> {
    const { title, ...fields } = body;
    return this.services.db.prisma.user.update({
      where: { id: user.id },
      data: { ...fields, state: fields.state || null, name: `${fields.firstName} ${fields.lastName}`, ...(title ? { title } : {}), isProfileComplete: true },
    });
  }

  /** Accepts the terms in force, saying who the user bids for. */
  async acceptTerms(user: UserRow, body: z.output<typeof acceptTermsBodySchema>): Promise<UserRow> {
    const { prisma } = this.services.db;
    return prisma.user.update({
      where: { id: user.id },
      // The version in force is recorded, so a later version can ask for acceptance again (routes/policies.ts).
      data: { termsAccepted: true, termsAcceptedAt: new Date(), biddingFor: body.biddingFor, termsVersion: await currentTermsVersion(prisma) },
    });
  }

  /** Signs out: revokes every token of the user. */
  async signOut(user: UserRow): Promise<void> {
    await revokeSessions(this.services.db.prisma, this.services.eventHub, user.id);
  }

  private async signedIn(user: UserRow): Promise<SignedIn> {
    return { user, token: await this.services.tokens.sign({ userId: user.id, role: user.role, version: user.tokenVersion }) };
  }

  private async limitCodes(ip: string, account: string): Promise<void> {
    const { rateLimiter, limits } = this.services;
    await rateLimiter.hit(`codes:ip:${ip}`, limits.codesPerIp);
    await rateLimiter.hit(`codes:account:${account}`, limits.codesPerAccount);
  }

  private async sendVerifyCode(user: UserRow): Promise<void> {
    const { mailer, emailCodes } = this.services;
    await mailer.send(verifyEmailMail(user.email, await emailCodes.issue(user.id, 'verify_email')));
  }

  /**
   * An e-mail code checked against the day's cap on wrong ones for its account: each code takes only a few
   * guesses, but new codes can be asked for all day. Past the cap even the right code waits. An account that does
   * not exist is counted alike, so the cap tells nothing about accounts.
   */
  private async checkCode(purpose: CodePurpose, account: string, user: UserRow | null, code: string, consume: boolean): Promise<UserRow> {
    const { rateLimiter, limits, emailCodes } = this.services;
    const failures = `${purpose === 'reset_password' ? 'reset' : 'verify'}-code-failures:${account}`;
    const perDay = purpose === 'reset_password' ? limits.resetCodeFailuresPerDay : limits.verifyCodeFailuresPerDay;
    await rateLimiter.refuseAtLimit(failures, perDay, { message: authMessages.resetCodesCapped });
    const result = user ? await emailCodes.check(user.id, purpose, code, consume) : 'invalid';
    if (!user || result !== 'ok') {
      await rateLimiter.count(failures, CODE_FAILURES_WINDOW_S);
      throw codeError(result);
    }
    return user;
  }

  /** A reset code, counted by e-mail so unknown addresses answer alike. */
  private async checkResetCode(email: string, code: string, consume: boolean): Promise<UserRow> {
    return this.checkCode('reset_password', email, await this.services.db.prisma.user.findUnique({ where: { email } }), code, consume);
  }
}

function codeError(result: CodeCheck): Refused {
  if (result === 'too_many_attempts') return new Refused('too_many', authMessages.tooManyAttempts, 'too_many_attempts', { code: authMessages.tooManyAttempts });
  return new Refused('invalid', authMessages.invalidCode, 'invalid_code', { code: authMessages.invalidCode });
}
