/**
 * A member's sale documents (issued with the sale, house/documents.ts): the invoices of the lots they won or bought
 * and the statements of the lots they sold. A document is shown to its buyer (or seller) and to admins; to anyone
 * else it does not exist.
 */
import { saleDocumentMessages, type Invoice, type SellerStatement } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../auth/session.ts';
import { notFound } from '../refused.ts';
import { invoiceInclude, presentInvoice, presentStatement, statementInclude } from '../house/documents.ts';

const LIST_LIMIT = 200;

/** The user's invoices, newest first. */
export async function invoicesOf(db: Database, userId: string): Promise<Invoice[]> {
  const rows = await db.prisma.invoice.findMany({ where: { buyerId: userId }, include: invoiceInclude, orderBy: { issuedAt: 'desc' }, take: LIST_LIMIT });
  return rows.map(presentInvoice);
}

/** The user's seller's statements, newest first. */
export async function statementsOf(db: Database, userId: string): Promise<SellerStatement[]> {
  const rows = await db.prisma.sellerStatement.findMany({ where: { sellerId: userId }, include: statementInclude, orderBy: { issuedAt: 'desc' }, take: LIST_LIMIT });
  return rows.map(presentStatement);
}

/** An invoice its buyer or an admin asks for; not found for anyone else, as for one that does not exist. */
export async function invoiceFor(db: Database, viewer: UserRow, id: string): Promise<Invoice> {
  const row = await db.prisma.invoice.findUnique({ where: { id }, include: invoiceInclude });
  if (!row || (row.buyerId !== viewer.id && viewer.role !== 'admin')) throw notFound(saleDocumentMessages.invoiceNotFound);
  return presentInvoice(row);
}

/** A statement its seller or an admin asks for; not found for anyone else, as for one that does not exist. */
export async function statementFor(db: Database, viewer: UserRow, id: string): Promise<SellerStatement> {
  const row = await db.prisma.sellerStatement.findUnique({ where: { id }, include: statementInclude });
  if (!row || (row.sellerId !== viewer.id && viewer.role !== 'admin')) throw notFound(saleDocumentMessages.statementNotFound);
  return presentStatement(row);
}
