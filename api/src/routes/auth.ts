/** The spec's Auth routes, with its bodies and messages. */
import type { Context } from 'koa';
import {
  acceptTermsBodySchema,
  bidEligibilitySchema,
  EMAIL_CODE_RESEND_COOLDOWN_MS,
  firstFailedGate,
  GATES,
  authReplySchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  messageReplySchema,
  messages,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  signinBodySchema,
  signupBodySchema,
  signupReplySchema,
  updateProfileBodySchema,
  userReplySchema,
  verifyEmailBodySchema,
  verifyResetCodeBodySchema,
} from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { burnPasswordCheck, hashPassword, passwordMatches } from '../auth/passwords.ts';
import { presentUser, revokeSessions, type UserRow } from '../auth/session.ts';
import type { CodeCheck } from '../auth/email-codes.ts';
import type { EmailCodePurpose as CodePurpose } from '../generated/prisma/client.ts';
import { SigninGuard } from '../auth/signin-guard.ts';
import { passwordChangedMail, resetPasswordMail, verifyEmailMail } from '../mail/templates.ts';
import { currentTermsVersion } from '../content/policies.ts';

const authMessages = messages.auth;
const TAG = 'Auth';
/** Wrong e-mail codes are capped per account over this window. */
const CODE_FAILURES_WINDOW_S = 86_400;

export function authRoutes(routes: RouteTable, services: Services): void {
  const { db, tokens, emailCodes, rateLimiter, mailer, config, eventHub } = services;
  const limits = config.rateLimits;
  const issueToken = (user: UserRow) => tokens.sign({ userId: user.id, role: user.role, version: user.tokenVersion });
  const limitCodes = async (ctx: Context, account: string) => {
    await rateLimiter.hit(`codes:ip:${ctx.ip}`, limits.codesPerIp);
    await rateLimiter.hit(`codes:account:${account}`, limits.codesPerAccount);
  };
  const signinGuard = new SigninGuard(rateLimiter, limits);
  /**
   * An e-mail code checked against the day's cap on wrong ones for its account: each code takes only a few
   * guesses, but new codes can be asked for all day. Past the cap even the right code waits. An account that does
   * not exist is counted alike, so the cap tells nothing about accounts.
   */
  const checkCode = async (purpose: CodePurpose, account: string, user: UserRow | null, code: string, consume: boolean) => {
    const failures = `${purpose === 'reset_password' ? 'reset' : 'verify'}-code-failures:${account}`;
    const perDay = purpose === 'reset_password' ? limits.resetCodeFailuresPerDay : limits.verifyCodeFailuresPerDay;
    await rateLimiter.refuseAtLimit(failures, perDay, { message: authMessages.resetCodesCapped });
    const result = user ? await emailCodes.check(user.id, purpose, code, consume) : 'invalid';
    if (!user || result !== 'ok') {
      await rateLimiter.count(failures, CODE_FAILURES_WINDOW_S);
      throw codeError(result);
    }
    return user;
  };
  /** A reset code, counted by e-mail so unknown addresses answer alike. */
  const checkResetCode = async (email: string, code: string, consume: boolean) => checkCode('reset_password', email, await db.prisma.user.findUnique({ where: { email } }), code, consume);
  const sendVerifyCode = async (user: UserRow) => mailer.send(verifyEmailMail(user.email, await emailCodes.issue(user.id, 'verify_email')));

  routes.add({
    method: 'post',
    path: '/auth/signup',
    tag: TAG,
    summary: 'Create an account; a 6-digit code is e-mailed to verify the address',
    body: signupBodySchema,
    reply: signupReplySchema,
    status: 201,
    errors: { 409: authMessages.emailTaken, 429: authMessages.tooManyRequests },
    handler: async ({ body, ctx }) => {
      await rateLimiter.hit(`signup:ip:${ctx.ip}`, limits.signinPerIp);
      const passwordHash = await hashPassword(body.password);
      const created = await db.sql<{ id: string }>(
        `INSERT INTO "User" (id, email, "passwordHash", "firstName", "lastName", name, "updatedAt")
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now()) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [body.email, passwordHash, body.firstName, body.lastName, `${body.firstName} ${body.lastName}`],
      );
      if (!created[0]) throw new HttpError(409, authMessages.emailTaken, 'email_taken', { email: authMessages.emailTaken });
      const user = await db.prisma.user.findUniqueOrThrow({ where: { id: created[0].id } });
      await sendVerifyCode(user);
      return { message: authMessages.accountCreated, userId: user.id };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/signin',
    tag: TAG,
    summary: 'Sign in with e-mail and password',
    description: 'An unverified address gets 403 `email_not_verified` with `userId`, and a fresh code is e-mailed.',
    body: signinBodySchema,
    reply: authReplySchema,
    errors: { 401: authMessages.invalidCredentials, 403: authMessages.emailNotVerified, 429: `${authMessages.tooManyRequests} / ${authMessages.signinDelayed}` },
    handler: async ({ body, ctx }) => {
      await signinGuard.admit(body.email, ctx.ip);
      const user = await db.prisma.user.findUnique({ where: { email: body.email } });
      if (!user) await burnPasswordCheck(body.password);
      if (!user || !(await passwordMatches(user.passwordHash, body.password))) {
        await signinGuard.failed(body.email);
        throw new HttpError(401, authMessages.invalidCredentials, 'invalid_credentials');
      }
      await signinGuard.succeeded(body.email, ctx.ip);
      if (!user.emailVerified) {
        const last = await emailCodes.lastIssuedAt(user.id, 'verify_email');
        if (!last || Date.now() - last.getTime() > EMAIL_CODE_RESEND_COOLDOWN_MS) await sendVerifyCode(user);
        throw new HttpError(403, authMessages.emailNotVerified, 'email_not_verified', undefined, { userId: user.id });
      }
      return { message: authMessages.welcomeBack, user: presentUser(user), token: await issueToken(user) };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/verify-email',
    tag: TAG,
    summary: 'Verify the e-mail address with its 6-digit code; signs the user in',
    body: verifyEmailBodySchema,
    reply: authReplySchema,
    errors: { 429: `${authMessages.tooManyAttempts} / ${authMessages.resetCodesCapped}` },
    handler: async ({ body, ctx }) => {
      await limitCodes(ctx, body.userId);
      const user = await db.prisma.user.findUnique({ where: { id: body.userId } });
      if (user?.emailVerified) throw new HttpError(409, authMessages.alreadyVerified, 'already_verified');
      const owner = await checkCode('verify_email', body.userId, user, body.code, true);
      const verified = await db.prisma.user.update({ where: { id: owner.id }, data: { emailVerified: true } });
      return { message: authMessages.emailVerified, user: presentUser(verified), token: await issueToken(verified) };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/resend-code',
    tag: TAG,
    summary: 'E-mail a new verification code (at most one every 30 s)',
    body: resendCodeBodySchema,
    reply: messageReplySchema,
    errors: { 429: authMessages.resendTooSoon },
    handler: async ({ body, ctx }) => {
      await limitCodes(ctx, body.userId);
      const user = await db.prisma.user.findUnique({ where: { id: body.userId } });
      // Unknown or already-verified ids get the same answer, so the route tells nothing about accounts.
      if (!user || user.emailVerified) return { message: authMessages.codeSent };
      const last = await emailCodes.lastIssuedAt(user.id, 'verify_email');
      if (last && Date.now() - last.getTime() < EMAIL_CODE_RESEND_COOLDOWN_MS) throw new HttpError(429, authMessages.resendTooSoon, 'resend_too_soon');
      await sendVerifyCode(user);
      return { message: authMessages.codeSent };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/forgot-password',
    tag: TAG,
    summary: 'E-mail a password reset code; answers the same whether or not the address has an account',
    body: forgotPasswordBodySchema,
    reply: messageReplySchema,
    handler: async ({ body, ctx }) => {
      await limitCodes(ctx, body.email);
      const user = await db.prisma.user.findUnique({ where: { email: body.email } });
      if (user) {
        const last = await emailCodes.lastIssuedAt(user.id, 'reset_password');
        if (!last || Date.now() - last.getTime() >= EMAIL_CODE_RESEND_COOLDOWN_MS) {
          await mailer.send(resetPasswordMail(user.email, await emailCodes.issue(user.id, 'reset_password')));
        }
      }
      return { message: authMessages.resetCodeSent };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/verify-reset-code',
    tag: TAG,
    summary: 'Check a reset code without spending it (the reset itself spends it)',
    body: verifyResetCodeBodySchema,
    reply: messageReplySchema,
    errors: { 429: `${authMessages.tooManyAttempts} / ${authMessages.resetCodesCapped}` },
    handler: async ({ body, ctx }) => {
      await limitCodes(ctx, body.email);
      await checkResetCode(body.email, body.code, false);
      return { message: authMessages.codeVerified };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/reset-password',
    tag: TAG,
    summary: 'Set a new password with a reset code; signs out every session',
    body: resetPasswordBodySchema,
    reply: messageReplySchema,
    errors: { 429: `${authMessages.tooManyAttempts} / ${authMessages.resetCodesCapped}` },
    handler: async ({ body, ctx }) => {
      await limitCodes(ctx, body.email);
      const user = await checkResetCode(body.email, body.code, true);
      // Whoever reads the mailbox owns the address, so a reset also proves it.
      await revokeSessions(db.prisma, eventHub, user.id, { passwordHash: await hashPassword(body.password), emailVerified: true });
      await mailer.send(passwordChangedMail(user.email));
      return { message: authMessages.passwordReset };
    },
  });

  routes.add({
    method: 'patch',
    path: '/auth/change-password',
    rateLimit: 'passwordChange',
    tag: TAG,
    summary: 'Change the password; revokes every earlier token and returns a new one',
    access: {},
    body: changePasswordBodySchema,
    reply: authReplySchema,
    handler: async ({ body, user }) => {
      if (!(await passwordMatches(user.passwordHash, body.currentPassword))) {
        throw new HttpError(400, authMessages.wrongPassword, 'wrong_password', { currentPassword: authMessages.wrongPassword });
      }
      const updated = await revokeSessions(db.prisma, eventHub, user.id, { passwordHash: await hashPassword(body.newPassword) });
      await mailer.send(passwordChangedMail(user.email));
      return { message: authMessages.passwordUpdated, user: presentUser(updated), token: await issueToken(updated) };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/update-profile',
    tag: TAG,
    summary: 'Save the basic details; a profile with every required field is complete',
    access: {},
    body: updateProfileBodySchema,
    reply: userReplySchema,
    handler: async ({ body, user }) => {
      const { title, ...fields } = body;
      const updated = await db.prisma.user.update({
        where: { id: user.id },
        data: {
          ...fields,
          state: fields.state || null,
          name: `${fields.firstName} ${fields.lastName}`,
          ...(title ? { title } : {}),
          // Every required field passed validation, so the profile is complete.
          isProfileComplete: true,
        },
      });
      return { message: authMessages.profileUpdated, user: presentUser(updated) };
    },
  });

  routes.add({
    method: 'get',
    path: '/auth/me',
    tag: TAG,
    summary: 'The signed-in user',
    access: {},
    reply: userReplySchema,
    handler: async ({ user }) => ({ user: presentUser(user) }),
  });

  routes.add({
    method: 'post',
    path: '/auth/accept-terms',
    tag: TAG,
    summary: 'Accept the terms, saying who the user bids for',
    access: {},
    body: acceptTermsBodySchema,
    reply: userReplySchema,
    handler: async ({ body, user }) => {
      const updated = await db.prisma.user.update({
        where: { id: user.id },
        // The version in force is recorded, so a later version can ask for acceptance again (routes/policies.ts).
        data: { termsAccepted: true, termsAcceptedAt: new Date(), biddingFor: body.biddingFor, termsVersion: await currentTermsVersion(db.prisma) },
      });
      return { message: messages.terms.accepted, user: presentUser(updated) };
    },
  });

  routes.add({
    method: 'get',
    path: '/auth/bid-eligibility',
    tag: TAG,
    summary: 'Whether the caller may bid now, else the first check they fail (spec order) and where to fix it',
    reply: bidEligibilitySchema,
    handler: async ({ user }) => {
      const failed = firstFailedGate(user, GATES);
      return failed ? { eligible: false, ...failed } : { eligible: true, gate: null, message: null, redirect: null };
    },
  });

  routes.add({
    method: 'post',
    path: '/auth/logout',
    tag: TAG,
    summary: 'Sign out: revokes every token of the user',
    access: {},
    reply: messageReplySchema,
    handler: async ({ user }) => {
      await revokeSessions(db.prisma, eventHub, user.id);
      return { message: authMessages.loggedOut };
    },
  });
}

function codeError(result: CodeCheck): HttpError {
  if (result === 'too_many_attempts') return new HttpError(429, authMessages.tooManyAttempts, 'too_many_attempts', { code: authMessages.tooManyAttempts });
  return new HttpError(400, authMessages.invalidCode, 'invalid_code', { code: authMessages.invalidCode });
}
