/**
 * The whitelist gate: on a whitelist-only auction event, only users whose e-mail or one of whose linked
 * wallets is on the list (for that event, or for every whitelist-only event) may bid or buy. Checked by the
 * api before any bid, card hold or Buy Now, refused as forbidden, with a message the dapp shows as it is.
 *
 * Whether an event is whitelist-only is kept for a few seconds per api instance, as the bid path does with
 * lot facts: a bidding war asks hundreds of times a second, and the flag changes only by an admin's edit
 * (which drops this instance's copy at once; other instances follow within the TTL).
 */
import { adminMessages } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';
import type { UserRow } from '../auth/session.ts';

const TTL_MS = 5000;
const restricted = new Map<string, { at: number; whitelistOnly: boolean }>();

/** An admin changed the event: this instance stops using its copy (lot facts of place-bid.ts follow within 5 s). */
export function forgetEventFlag(eventId: string): void {
  restricted.delete(eventId);
}

async function isWhitelistOnly(prisma: PrismaClient, eventId: string): Promise<boolean> {
  const hit = restricted.get(eventId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.whitelistOnly;
  const event = await prisma.auctionEvent.findUnique({ where: { id: eventId }, select: { whitelistOnly: true } });
  if (restricted.size > 10_000) restricted.clear();
  const whitelistOnly = event?.whitelistOnly ?? false;
  restricted.set(eventId, { at: Date.now(), whitelistOnly });
  return whitelistOnly;
}

export async function isWhitelisted(prisma: PrismaClient, user: Pick<UserRow, 'id' | 'email'>, eventId: string): Promise<boolean> {
  const wallets = await prisma.wallet.findMany({ where: { userId: user.id }, select: { address: true } });
  const entry = await prisma.whitelistEntry.findFirst({
    where: {
      OR: [{ auctionEventId: eventId }, { auctionEventId: null }],
      AND: [{ OR: [{ email: user.email.toLowerCase() }, ...(wallets.length ? [{ walletAddress: { in: wallets.map((w) => w.address.toLowerCase()) } }] : [])] }],
    },
    select: { id: true },
  });
  return entry !== null;
}

export async function assertWhitelisted(prisma: PrismaClient, user: UserRow, eventId: string): Promise<void> {
  if (await isWhitelistOnly(prisma, eventId)) await assertListed(prisma, user, eventId);
}

/** For a caller that already knows the event is whitelist-only (the bid path, from its cached lot facts). */
export async function assertListed(prisma: PrismaClient, user: UserRow, eventId: string): Promise<void> {
  if (!(await isWhitelisted(prisma, user, eventId))) throw new Refused('forbidden', adminMessages.notWhitelisted, 'not_whitelisted');
}
