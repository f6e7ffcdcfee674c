/**
 * Sellers' payouts: an event's statements in number order for the admin to pay out, and the mark that a payout was
 * made, recorded once with who made it.
 */
import { saleDocumentMessages, type SellerStatement } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import { Refused, notFound } from '../refused.ts';
import { presentStatement, statementInclude } from '../house/documents.ts';

/** An event's seller's statements, in number order. */
export async function eventStatements(db: Database, eventId: string): Promise<SellerStatement[]> {
  const rows = await db.prisma.sellerStatement.findMany({ where: { lot: { auctionEventId: eventId } }, include: statementInclude, orderBy: [{ year: 'asc' }, { seq: 'asc' }], take: 1000 });
  return rows.map(presentStatement);
}

/** Marks the statement's payout made by `adminId`; refused (conflict) when it was marked already or its sale was voided. */
export async function markPaidOut(db: Database, statementId: string, adminId: string): Promise<SellerStatement> {
  const { prisma } = db;
  // One conditional update: two admins marking it at once record one payout.
  // A voided sale pays its seller nothing.
  const marked = await prisma.sellerStatement.updateMany({ where: { id: statementId, paidOutAt: null, voidedAt: null }, data: { paidOutAt: new Date(), paidOutBy: adminId } });
  const row = await prisma.sellerStatement.findUnique({ where: { id: statementId }, include: statementInclude });
  if (!row) throw notFound(saleDocumentMessages.statementNotFound);
  if (marked.count === 0 && row.voidedAt) throw new Refused('conflict', saleDocumentMessages.statementVoided, 'statement_voided');
  if (marked.count === 0) throw new Refused('conflict', saleDocumentMessages.alreadyPaidOut, 'already_paid_out');
  return presentStatement(row);
}
