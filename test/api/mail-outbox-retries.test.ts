/**
 * A mail whose every try failed (the mail server down longer than the job's backoff) is not given up: it stays
 * unsent in the outbox, and the worker's reconcile loop queues it again, from its first try, until the server
 * takes it; once sent it is not sent again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { MAIL_QUEUE } from '../../api/src/mail/mailer.ts';
import type { RunningWorker } from '../../api/src/jobs/job-queue.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { freePort } from '../support/processes.ts';
import { eventually } from '../support/eventually.ts';

let stack: TestStack;
let smtp: TestSmtp;
let queue: Queue;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
  const { redisUrl, redisPrefix } = stack.services.config;
  queue = new Queue(MAIL_QUEUE, { connection: { url: redisUrl }, prefix: redisPrefix });
});
afterAll(async () => {
  await worker?.close();
  await queue?.close();
  await smtp?.stop();
  await stack?.stop();
});

describe('mail outbox retries', () => {
  it('a mail that failed every try while the mail server was down is sent once it is back, and only once', { timeout: 30_000 }, async () => {
    const { mailer, db, config } = stack.services;
    const row = await db.prisma.outboxMail.create({ data: { to: 'bidder@test.gavel', subject: 'You won Lot 7', text: 'You won.', html: '<p>You won.</p>' } });
    // The job as it stands after its last try: one try here, to reach that state without waiting out the backoff.
    await queue.add('send-mail', { outboxId: row.id }, { jobId: row.id, attempts: 1 });
    worker = await mailer.startWorker(`smtp://127.0.0.1:${await freePort()}`, config.mailFrom);
    await eventually(async () => (await queue.getJob(row.id))?.isFailed(), { what: 'the mail job to fail while the server is down' });
    await worker.close();

    smtp = await startTestSmtp();
    worker = await mailer.startWorker(smtp.url, config.mailFrom);
    await mailer.requeueUnsent(0);
    await eventually(async () => (await db.prisma.outboxMail.findUniqueOrThrow({ where: { id: row.id } })).sentAt, { what: 'the mail to be sent' });
    expect(smtp.mails.filter((m) => m.to.includes('bidder@test.gavel'))).toHaveLength(1);
    expect(smtp.mails[0]!.raw).toContain(`Message-ID: <${row.id}@`);

    // Sent: the next reconcile finds nothing to queue, and the job is done.
    expect(await mailer.requeueUnsent(0)).toBe(0);
    expect(await (await queue.getJob(row.id))?.getState()).toBe('completed');
    expect(smtp.mails).toHaveLength(1);
  });
});
