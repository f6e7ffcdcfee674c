/**
 * The `ending-soon` job: a lot's bidders (an active or outbid bid, or an on-chain bid on an ETH lot: a wallet's
 * or one the relayer placed for a card) and watchers, never its seller, are told it
 * ends soon, once per lead time. One INSERT decides who is told: it writes the once-only record
 * (NotificationSent, kind `ending_soon:<minutes>`) only while the lot is still open, published and ending at the
 * end the job was scheduled for, and returns the users it wrote, so a job for a moved or closed lot tells nobody,
 * and a job run twice (a retry, the reconcile loop re-queueing it) tells nobody again. The e-mails go to the
 * outbox in that same transaction (for those who keep ending-soon mail on); the notice on each user's event
 * stream follows the commit.
 */
import { endingSoonText, type EndingSoonNotification } from '@gavel/domain';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import { endingSoonDue, type EndingSoonJob, type LotClock } from '../jobs/lot-clock.ts';
import { endingSoonMail } from '../mail/templates.ts';

export interface EndingSoonResult {
  /** The users told now (empty: nobody left to tell, or the lot moved, closed or is not due for this notice). */
  told: string[];
  mailed: string[];
}

const NOBODY: EndingSoonResult = { told: [], mailed: [] };

export async function tellEndingSoon(
  services: { db: Database; eventHub: EventHub; mailer: Mailer; lotClock: Pick<LotClock, 'endingSoonMinutes'>; log: Logger },
  job: EndingSoonJob,
): Promise<EndingSoonResult> {
  const { prisma } = services.db;
  const now = Date.now();
  if (!endingSoonDue(services.lotClock.endingSoonMinutes, job.minutes, job.endTime, now)) return NOBODY;
  const kind = `ending_soon:${job.minutes}`;
  const endMs = BigInt(job.endTime);
  const result = await prisma.$transaction(async (tx) => {
    const told = await tx.$queryRaw<Array<{ userId: string }>>`
      INSERT INTO "NotificationSent" ("userId", "lotId", kind)
      SELECT DISTINCT r."userId", l.id, ${kind}
        FROM "Lot" l
        JOIN (SELECT "userId" FROM "Bid" WHERE "lotId" = ${job.lotId} AND status IN ('active', 'outbid') AND "userId" IS NOT NULL
              UNION SELECT "userId" FROM "ChainBid" WHERE "lotId" = ${job.lotId}
              UNION SELECT "userId" FROM "WatchedLot" WHERE "lotId" = ${job.lotId}) r ON TRUE
       WHERE l.id = ${job.lotId} AND l.published AND l.status IN ('upcoming', 'live') AND l."endTime" > now()
         AND (extract(epoch FROM l."endTime") * 1000)::bigint = ${endMs}
         AND r."userId" IS DISTINCT FROM l."creatorId"
      ON CONFLICT DO NOTHING
      RETURNING "userId"`;
    if (told.length === 0) return null;
    const lot = await tx.lot.findUniqueOrThrow({ where: { id: job.lotId }, select: { id: true, title: true, auctionEventId: true, endTime: true } });
    const users = await tx.user.findMany({ where: { id: { in: told.map((row) => row.userId) } }, select: { id: true, email: true, emailEndingSoon: true } });
    const minutesLeft = Math.max(1, Math.min(job.minutes, Math.ceil((job.endTime - now) / 60_000)));
    const notice: Omit<EndingSoonNotification, 'id'> = {
      timestamp: new Date(now).toISOString(),
      auctionId: lot.id,
      auctionEventId: lot.auctionEventId,
      auctionTitle: lot.title,
      minutesLeft,
      endTime: lot.endTime.toISOString(),
    };
    const text = endingSoonText(notice);
    const mails: string[] = [];
    for (const user of users.filter((u) => u.emailEndingSoon)) {
      const mail = await tx.outboxMail.create({ data: endingSoonMail({ email: user.email, userId: user.id }, lot.title, text, lot.id, lot.auctionEventId) });
      mails.push(mail.id);
    }
    return { notice, told: told.map((row) => row.userId), mailed: users.filter((u) => u.emailEndingSoon).map((u) => u.id), mails };
  });
  if (!result) return NOBODY;

  const notice: EndingSoonNotification = { id: `${kind}:${job.lotId}`, ...result.notice };
  for (const userId of result.told) {
    await services.eventHub
      .publish(`user:${userId}`, { type: 'ending_soon', data: notice })
      .catch((err: Error) => services.log.warn({ err: err.message, userId, lotId: job.lotId }, 'ending-soon notice not published'));
  }
  // A mail not queued now is queued by the worker's reconcile loop: the outbox row is already written.
  for (const id of result.mails) await services.mailer.enqueue(id).catch((err: Error) => services.log.warn({ err: err.message, outboxId: id }, 'ending-soon mail not queued'));
  return { told: result.told, mailed: result.mailed };
}
