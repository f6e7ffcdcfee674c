/**
 * Outgoing mail as a BullMQ job. A message is written to the outbox table first (so nothing acknowledged is
 * lost), then the `send-mail` job, whose id is the outbox row's, delivers it over SMTP_URL with nodemailer
 * and marks it sent; the worker's reconcile loop queues again every unsent row whose job went missing or spent
 * all its tries (a mail server down longer than the backoff), until it is sent. A message sent is not sent again;
 * should the process die between the server's acceptance and the mark, the one resent carries the same
 * Message-ID, by which mail clients recognise it. Without SMTP_URL the outbox is the mailbox, shown at /dev/mailbox.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { Gathered } from '../gathered.ts';
import { JobQueue, type QueueRedis, type RunningWorker } from '../jobs/job-queue.ts';

export const MAIL_QUEUE = 'mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

type MailPreference = 'emailOutbid' | 'emailEndingSoon' | 'emailWon';

interface WantedMail extends Omit<MailMessage, 'to'> {
  id: string;
  userId: string;
  preference: MailPreference;
}

/** The rows of the mails their users want, each to the address the user has now. */
const WANTED_MAIL_SQL = `
  INSERT INTO "OutboxMail" (id, "to", subject, text, html, "createdAt")
  SELECT m.id, u.email, m.subject, m.text, m.html, now()
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS m(id, user_id, preference, subject, text, html)
    JOIN "User" u ON u.id = m.user_id
   WHERE CASE m.preference WHEN 'emailOutbid' THEN u."emailOutbid" WHEN 'emailEndingSoon' THEN u."emailEndingSoon" WHEN 'emailWon' THEN u."emailWon" END
  RETURNING id`;

/** The sender's domain names its messages' ids ("gavel.example" of "Gavel <noreply@gavel.example>"). */
const messageIdDomain = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? 'gavel.invalid';

export class Mailer {
  private readonly queue: JobQueue<{ 'send-mail': { outboxId: string } }>;
  private readonly wanted = new Gathered<WantedMail, string | null>((mails) => this.writeWanted(mails));

  constructor(
    private readonly db: Database,
    redis: QueueRedis,
  ) {
    this.queue = new JobQueue(MAIL_QUEUE, redis);
  }

  /** The newest mail in the outbox, newest first: what the dev mailbox shows without SMTP. */
  async latest(count: number) {
    return this.db.prisma.outboxMail.findMany({ orderBy: { createdAt: 'desc' }, take: count });
  }

  async send(message: MailMessage): Promise<string> {
    const row = await this.db.prisma.outboxMail.create({ data: message });
    await this.enqueue(row.id);
    return row.id;
  }

  /**
   * Mail to a user unless they turned this kind off (`preference`, their e-mail preference column): the address
   * and the preference are read by the same statement that writes the outbox row. Null: not wanted, nothing sent.
   * Sent on every outbid, so the mails asked for together are written by one statement and queued by one call
   * (gathered.ts); a failure fails only that turn's mails, and a row written but not queued is re-queued.
   */
  sendIfWanted(userId: string, preference: MailPreference, message: Omit<MailMessage, 'to'>): Promise<string | null> {
    return this.wanted.ask({ id: randomUUID(), userId, preference, ...message });
  }

  private async writeWanted(mails: WantedMail[]): Promise<(string | null)[]> {
    const column = (name: keyof WantedMail) => mails.map((mail) => mail[name]);
    const rows = await this.db.sql<{ id: string }>(WANTED_MAIL_SQL, [column('id'), column('userId'), column('preference'), column('subject'), column('text'), column('html')], {
      prepared: 'mail-if-wanted',
    });
    const written = new Set(rows.map((row) => row.id));
    await this.queue.addBulk(
      'send-mail',
      [...written].map((outboxId) => ({ data: { outboxId }, jobId: outboxId })),
    );
    return mails.map((mail) => (written.has(mail.id) ? mail.id : null));
  }

  /** Delivers a message already written to the outbox (e.g. inside the transaction that caused it). */
  async enqueue(outboxId: string): Promise<void> {
    await this.queue.add('send-mail', { outboxId }, { jobId: outboxId });
  }

  /**
   * Queues again unsent mail whose job was lost (a crash between commit and enqueue, a Redis that lost its data)
   * or failed every try (the mail server down for longer than the backoff).
   */
  async requeueUnsent(olderThanMs = 30_000): Promise<number> {
    const stale = await this.db.prisma.outboxMail.findMany({
      where: { sentAt: null, createdAt: { lt: new Date(Date.now() - olderThanMs) } },
      select: { id: true },
      take: 500,
    });
    for (const { id } of stale) await this.queue.requeue('send-mail', { outboxId: id }, id);
    return stale.length;
  }

  /** The worker half: delivers queued mail. Safe to run twice: a sent message is not sent again. */
  startWorker(smtpUrl: string | undefined, from: string): Promise<RunningWorker> {
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    const deliver = async ({ outboxId }: { outboxId: string }) => {
      const mail = await this.db.prisma.outboxMail.findUnique({ where: { id: outboxId } });
      if (!mail || mail.sentAt) return;
      if (transport) await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<${mail.id}@${messageIdDomain(from)}>` });
      await this.db.prisma.outboxMail.update({ where: { id: mail.id }, data: { sentAt: new Date() } });
    };
    return this.queue.work({ 'send-mail': deliver }, { concurrency: 4 });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
