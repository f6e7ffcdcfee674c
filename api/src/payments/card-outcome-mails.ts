/**
 * What a buyer whose card hold stands for a win (a winning card bid's hold, a Buy Now or ADD TO CART hold) hears
 * once the hold is settled. The won mail at the close only says the hold will be charged; then exactly one of:
 * - charged: the receipt, written in the transaction that marks the lot paid (so once, whoever records it);
 * - not charged (released, expired, refused): the payment demand with the cart's deadline, written in the
 *   transaction that records the hold as lost, for a lot still awaiting its winner's payment. Both are about
 *   money, so both go whatever the e-mail preferences say.
 * The rows go to the outbox with the commit; `MailQueue` (the mailer) delivers them at once when the caller has
 * it, else the mailer's reconcile loop does.
 */
import { displayAmount } from '@gavel/domain';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { cardChargedMail, paymentNeededMail } from '../mail/templates.ts';
import { cardPrices } from './card-price.ts';
import { invoiceLinkOf } from '../house/documents.ts';

export type MailQueue = Pick<Mailer, 'enqueue'>;

/** The lot was just marked paid by `cents` (USD) taken from its buyer's card. */
export async function writeCardChargedMail(tx: Prisma.TransactionClient, lotId: string, cents: bigint): Promise<string | null> {
  const lot = await tx.lot.findUnique({ where: { id: lotId }, select: { title: true, auctionEventId: true, winner: { select: { email: true } } } });
  if (!lot?.winner) return null;
  const mail = await tx.outboxMail.create({
    data: cardChargedMail(lot.winner.email, lot.title, displayAmount(cents, 'USD'), lotId, lot.auctionEventId, await invoiceLinkOf(tx, lotId)),
    select: { id: true },
  });
  return mail.id;
}

/** The card money for this lot is gone: if its winner still owes it, ask them to pay from the cart by the deadline. */
export async function writePaymentNeededMail(tx: Prisma.TransactionClient, lotId: string): Promise<string | null> {
  const lot = await tx.lot.findUnique({ where: { id: lotId }, include: { winner: { select: { email: true } } } });
  if (!lot?.winner || lot.status !== 'ended' || lot.paid || lot.unpaidAt) return null;
  const cents = (await cardPrices(tx, [lot])).get(lot.id) ?? null;
  const owed = cents === null ? null : displayAmount(cents, 'USD');
  const mail = await tx.outboxMail.create({ data: paymentNeededMail(lot.winner.email, lot.title, owed, lot.paymentDueAt, lot.id, lot.auctionEventId), select: { id: true } });
  return mail.id;
}

/** Delivers a mail written by a committed transaction; a lost enqueue is redone by the mailer's reconcile. */
export async function deliver(mailer: MailQueue | undefined, mailId: string | null): Promise<void> {
  if (mailer && mailId) await mailer.enqueue(mailId).catch(() => undefined);
}
