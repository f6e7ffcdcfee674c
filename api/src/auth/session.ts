/**
 * Who is calling: a bearer token is checked and its user loaded once per request. A token that is
 * malformed, expired, or older than the user's last logout or password change leaves the caller anonymous,
 * and routes that need a user answer 401.
 */
import type { Context, Next } from 'koa';
import { firstFailedGate, formatAmount, messages, type Gate, type Role, type User } from '@gavel/domain';
import { Prisma, type PrismaClient, type User as UserRow } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';
import type { Database } from '../db/client.ts';
import { GatheredRead } from '../gathered.ts';
import { columnsOf, PRISMA_TYPES } from '../db/prisma-types.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { TokenService } from './tokens.ts';
import { fullNameOf } from './user-name.ts';

export type { UserRow };

export interface Access {
  /** Gates in the spec's order; signedIn is always required. */
  gates?: readonly Gate[];
  roles?: readonly Role[];
}

/**
 * The signed-in user, read fresh on every authenticated request (a ban, a role or a revoked token applies at once):
 * one prepared statement, typed as Prisma types the row, since Prisma's own read of it cost more than the query.
 * The requests arriving together are read together (gathered.ts), each by a statement sent after it arrived.
 */
const SESSION_USERS_SQL = `SELECT ${columnsOf(Prisma.UserScalarFieldEnum)} FROM "User" WHERE id = ANY($1::text[])`;

export function sessionMiddleware(db: Database, tokens: TokenService) {
  const users = new GatheredRead<UserRow>(async (ids) => {
    const rows = await db.sql<UserRow>(SESSION_USERS_SQL, [ids], { parsers: PRISMA_TYPES, prepared: 'session-users' });
    return new Map(rows.map((row) => [row.id, row]));
  });
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('Authorization');
    ctx.state.user = null;
    ctx.state.tokenRejected = false;
    if (header.startsWith('Bearer ')) {
      const claims = await tokens.verify(header.slice(7).trim());
      const user = claims ? await users.load(claims.userId) : null;
      if (user && claims && user.tokenVersion === claims.version) ctx.state.user = user;
      else ctx.state.tokenRejected = true;
    }
    await next();
  };
}

/**
 * Signs the user out everywhere (logout, password change, password reset), with `changes` in the same write: the
 * token version moves on, which refuses every token issued before, and every api instance closes the user's
 * open event streams.
 */
export async function revokeSessions(prisma: PrismaClient, eventHub: EventHub, userId: string, changes: Prisma.UserUpdateInput = {}): Promise<UserRow> {
  const user = await prisma.user.update({ where: { id: userId }, data: { ...changes, tokenVersion: { increment: 1 } } });
  await eventHub.announceRevoked(user.id, user.tokenVersion);
  return user;
}

/** Enforces a route's access rule and returns its user. */
export function authorize(ctx: Context, access: Access): UserRow {
  const user = ctx.state.user as UserRow | null;
  if (!user) {
    throw new Refused('unauthenticated', ctx.state.tokenRejected ? messages.auth.sessionExpired : messages.gates.signIn, 'unauthorized');
  }
  if (access.roles && !access.roles.includes(user.role)) throw new Refused('forbidden', messages.auth.forbiddenRole, 'forbidden_role');
  const failed = firstFailedGate(user, ['signedIn', ...(access.gates ?? [])]);
  if (failed) throw new Refused('forbidden', failed.message, `gate_${failed.gate}`);
  return user;
}

/** The user as the api shows it: never the password hash, token version or Stripe ids. */
export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullNameOf(user),
    phoneNumber: user.phoneNumber,
    country: user.country,
    city: user.city,
    state: user.state,
    address: user.address,
    postCode: user.postCode,
    dateOfBirth: user.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    role: user.role,
    title: user.title,
    isProfileComplete: user.isProfileComplete,
    identityVerified: user.identityVerified,
    kycStatus: user.kycStatus,
    kycReason: user.kycReason,
    hasValidPaymentMethod: user.hasValidPaymentMethod,
    paymentMethod: user.paymentMethodBrand && user.paymentMethodLast4 ? { brand: user.paymentMethodBrand, last4: user.paymentMethodLast4 } : null,
    biddingLimit: formatAmount(BigInt(user.biddingLimit.toFixed(0)), 'USD'),
    unpaidCount: user.unpaidCount,
    termsAccepted: user.termsAccepted,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    termsVersion: user.termsVersion,
    biddingFor: user.biddingFor,
    createdAt: user.createdAt.toISOString(),
  };
}
