/**
 * Tickets for the event stream: a signed-in tab trades its session token for a random ticket and opens the
 * stream with that, so no session token ever travels in an address. A ticket lives a minute in Redis (shared by
 * every api instance), opens one stream (GETDEL takes it atomically, so two racing uses cannot both win), and
 * records the session's token version, so a ticket issued before a logout or password change dies with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { EVENT_TICKET_TTL_SECONDS } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';

export interface TicketHolder {
  userId: string;
  /** The token version of the session that asked for it. */
  version: number;
}

export class EventTickets {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Only a hash is stored: whoever reads Redis cannot open someone's stream with what they find there. */
  private key(ticket: string): string {
    return `${this.prefix}:event-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;
  }

  async issue(holder: TicketHolder): Promise<{ ticket: string; expiresAt: Date }> {
    const ticket = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(ticket), JSON.stringify(holder), 'EX', EVENT_TICKET_TTL_SECONDS);
    return { ticket, expiresAt: new Date(Date.now() + EVENT_TICKET_TTL_SECONDS * 1000) };
  }

  /** The ticket's holder, once; null for an unknown, used or expired ticket. */
  async redeem(ticket: string): Promise<TicketHolder | null> {
    if (!/^[\w-]{20,100}$/.test(ticket)) return null;
    const stored = await this.redis.getdel(this.key(ticket));
    return stored ? (JSON.parse(stored) as TicketHolder) : null;
  }
}

/** The ticket's session was not signed out since it was issued (a logout or password change moves the version). */
export async function sessionStillValid(prisma: PrismaClient, holder: TicketHolder): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: holder.userId }, select: { tokenVersion: true } });
  return user?.tokenVersion === holder.version;
}
