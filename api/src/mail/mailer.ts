/**
 * Outgoing mail as a BullMQ job. A message is written to the outbox table first (so nothing acknowledged is
 * lost), then the `send-mail` job, whose id is the outbox row's, delivers it over SMTP_URL with nodemailer
 * and marks it sent. Without SMTP_URL the outbox is the mailbox, shown at /dev/mailbox.
 */
import { Queue, Worker } from 'bullmq';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { PrismaClient } from '../generated/prisma/client.ts';

export const MAIL_QUEUE = 'mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class Mailer {
  private readonly queue: Queue;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly connection: { url: string; maxRetriesPerRequest: null },
    private readonly prefix: string,
  ) {
    this.queue = new Queue(MAIL_QUEUE, { connection, prefix });
  }

  async send(message: MailMessage): Promise<string> {
    const row = await this.prisma.outboxMail.create({ data: message });
    await this.queue.add('send-mail', { outboxId: row.id }, { jobId: row.id, attempts: 8, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000 });
    return row.id;
  }

  /** The worker half: delivers queued mail. Safe to run twice: a sent message is not sent again. */
  startWorker(smtpUrl: string | undefined, from: string, log: Logger): Worker {
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    const worker = new Worker(
      MAIL_QUEUE,
      async (job) => {
        const mail = await this.prisma.outboxMail.findUnique({ where: { id: job.data.outboxId as string } });
        if (!mail || mail.sentAt) return;
        if (transport) await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await this.prisma.outboxMail.update({ where: { id: mail.id }, data: { sentAt: new Date() } });
      },
      { connection: this.connection, prefix: this.prefix, concurrency: 4 },
    );
    worker.on('failed', (job, err) => log.warn({ job: job?.id, err: err.message }, 'mail delivery failed; will retry'));
    return worker;
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
