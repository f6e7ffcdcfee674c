/** The spec's Auth routes, with its bodies and messages (auth/accounts.ts does the work). */
import {
  acceptTermsBodySchema,
  bidEligibilitySchema,
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
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { presentUser } from '../auth/session.ts';
import { Accounts, type SignedIn } from '../auth/accounts.ts';

const authMessages = messages.auth;
const TAG = 'Auth';

const presentSignedIn = (message: string, { user, token }: SignedIn) => ({ message, user: presentUser(user), token });

export function authRoutes(routes: RouteTable, services: Services): void {
  const { db, tokens, emailCodes, rateLimiter, mailer, config, eventHub } = services;
  const accounts = new Accounts({ db, tokens, emailCodes, rateLimiter, mailer, eventHub, limits: config.rateLimits });

  routes.add({
    method: 'post',
    path: '/auth/signup',
    tag: TAG,
    summary: 'Create an account; a 6-digit code is e-mailed to verify the address',
    body: signupBodySchema,
    reply: signupReplySchema,
    status: 201,
    errors: { 409: authMessages.emailTaken, 429: authMessages.tooManyRequests },
    handler: async ({ body, ctx }) => ({ message: authMessages.accountCreated, userId: (await accounts.signUp(body, ctx.ip)).id }),
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
    handler: async ({ body, ctx }) => presentSignedIn(authMessages.welcomeBack, await accounts.signIn(body.email, body.password, ctx.ip)),
  });

  routes.add({
    method: 'post',
    path: '/auth/verify-email',
    tag: TAG,
    summary: 'Verify the e-mail address with its 6-digit code; signs the user in',
    body: verifyEmailBodySchema,
    reply: authReplySchema,
    errors: { 429: `${authMessages.tooManyAttempts} / ${authMessages.resetCodesCapped}` },
    handler: async ({ body, ctx }) => presentSignedIn(authMessages.emailVerified, await accounts.verifyEmail(body.userId, body.code, ctx.ip)),
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
      await accounts.resendCode(body.userId, ctx.ip);
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
      await accounts.forgotPassword(body.email, ctx.ip);
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
      await accounts.verifyResetCode(body.email, body.code, ctx.ip);
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
      await accounts.resetPassword(body.email, body.code, body.password, ctx.ip);
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
    handler: async ({ body, user }) => presentSignedIn(authMessages.passwordUpdated, await accounts.changePassword(user, body.currentPassword, body.newPassword)),
  });

  routes.add({
    method: 'post',
    path: '/auth/update-profile',
    tag: TAG,
    summary: 'Save the basic details; a profile with every required field is complete',
    access: {},
    body: updateProfileBodySchema,
    reply: userReplySchema,
    handler: async ({ body, user }) => ({ message: authMessages.profileUpdated, user: presentUser(await accounts.updateProfile(user, body)) }),
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
    handler: async ({ body, user }) => ({ message: messages.terms.accepted, user: presentUser(await accounts.acceptTerms(user, body)) }),
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
      await accounts.signOut(user);
      return { message: authMessages.loggedOut };
    },
  });
}
