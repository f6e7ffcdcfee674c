/**
 * Sale documents: the buyer's invoices and the seller's statements, each as JSON (the dapp's page) and as a PDF
 * (fetched with the session, since tokens never travel in URLs); admins mark payouts made and export an event's
 * figures as CSV. A document is shown to its buyer (or seller) and to admins; to anyone else it does not exist.
 */
import { invoiceListReplySchema, invoiceReplySchema, saleDocumentMessages, statementListReplySchema, statementReplySchema } from '@gavel/domain';
import { z } from 'zod';
import { HttpError, notFound } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { eventFiguresCsv, invoiceInclude, presentInvoice, presentStatement, statementInclude } from '../house/documents.ts';
import { invoicePdf, statementPdf } from '../house/document-pdf.ts';

const TAG = 'Invoices and statements';
const signedIn = {};
const admin = { roles: ['admin'] as const };
const LIST_LIMIT = 200;

export function saleDocumentRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;
  const invoiceFor = async (user: UserRow, id: string) => {
    const row = await prisma.invoice.findUnique({ where: { id }, include: invoiceInclude });
    if (!row || (row.buyerId !== user.id && user.role !== 'admin')) throw notFound(saleDocumentMessages.invoiceNotFound);
    return presentInvoice(row);
  };
  const statementFor = async (user: UserRow, id: string) => {
    const row = await prisma.sellerStatement.findUnique({ where: { id }, include: statementInclude });
    if (!row || (row.sellerId !== user.id && user.role !== 'admin')) throw notFound(saleDocumentMessages.statementNotFound);
    return presentStatement(row);
  };

  routes.add({
    method: 'get',
    path: '/me/invoices',
    tag: TAG,
    summary: 'My invoices, newest first (one per lot won or bought)',
    access: signedIn,
    reply: invoiceListReplySchema,
    handler: async ({ user }) => {
      const rows = await prisma.invoice.findMany({ where: { buyerId: user.id }, include: invoiceInclude, orderBy: { issuedAt: 'desc' }, take: LIST_LIMIT });
      return { data: rows.map(presentInvoice) };
    },
  });

  routes.add({
    method: 'get',
    path: '/me/statements',
    tag: TAG,
    summary: 'My seller’s statements, newest first (one per lot sold)',
    access: signedIn,
    reply: statementListReplySchema,
    handler: async ({ user }) => {
      const rows = await prisma.sellerStatement.findMany({ where: { sellerId: user.id }, include: statementInclude, orderBy: { issuedAt: 'desc' }, take: LIST_LIMIT });
      return { data: rows.map(presentStatement) };
    },
  });

  routes.add({
    method: 'get',
    path: '/invoices/:id',
    tag: TAG,
    summary: 'An invoice (its buyer or an admin)',
    access: signedIn,
    reply: invoiceReplySchema,
    errors: { 404: saleDocumentMessages.invoiceNotFound },
    handler: async ({ user, params }) => ({ data: await invoiceFor(user, params.id!) }),
  });

  routes.add({
    method: 'get',
    path: '/invoices/:id/pdf',
    tag: TAG,
    summary: 'An invoice as a PDF (application/pdf)',
    access: signedIn,
    reply: z.string(),
    errors: { 404: saleDocumentMessages.invoiceNotFound },
    handler: async ({ user, params, ctx }) => {
      const invoice = await invoiceFor(user, params.id!);
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${invoice.number}.pdf"`);
      ctx.body = invoicePdf(invoice);
    },
  });

  routes.add({
    method: 'get',
    path: '/statements/:id',
    tag: TAG,
    summary: 'A seller’s statement (its seller or an admin)',
    access: signedIn,
    reply: statementReplySchema,
    errors: { 404: saleDocumentMessages.statementNotFound },
    handler: async ({ user, params }) => ({ data: await statementFor(user, params.id!) }),
  });

  routes.add({
    method: 'get',
    path: '/statements/:id/pdf',
    tag: TAG,
    summary: 'A seller’s statement as a PDF (application/pdf)',
    access: signedIn,
    reply: z.string(),
    errors: { 404: saleDocumentMessages.statementNotFound },
    handler: async ({ user, params, ctx }) => {
      const statement = await statementFor(user, params.id!);
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${statement.number}.pdf"`);
      ctx.body = statementPdf(statement);
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/auction-events/:id/statements',
    tag: TAG,
    summary: 'An event’s seller’s statements, in number order (to mark payouts)',
    access: admin,
    reply: statementListReplySchema,
    handler: async ({ params }) => {
      const rows = await prisma.sellerStatement.findMany({ where: { lot: { auctionEventId: params.id! } }, include: statementInclude, orderBy: [{ year: 'asc' }, { seq: 'asc' }], take: 1000 });
      return { data: rows.map(presentStatement) };
    },
  });

  routes.add({
    method: 'post',
    path: '/admin/statements/:id/payout',
    tag: TAG,
    summary: 'Mark a seller’s payout made (once)',
    access: admin,
    reply: statementReplySchema,
    errors: { 404: saleDocumentMessages.statementNotFound, 409: `${saleDocumentMessages.alreadyPaidOut}, or ${saleDocumentMessages.statementVoided}` },
    handler: async ({ user, params }) => {
      // One conditional update: two admins marking it at once record one payout.
      // A voided sale pays its seller nothing.
      const marked = await prisma.sellerStatement.updateMany({ where: { id: params.id!, paidOutAt: null, voidedAt: null }, data: { paidOutAt: new Date(), paidOutBy: user.id } });
      const row = await prisma.sellerStatement.findUnique({ where: { id: params.id! }, include: statementInclude });
      if (!row) throw notFound(saleDocumentMessages.statementNotFound);
      if (marked.count === 0 && row.voidedAt) throw new HttpError(409, saleDocumentMessages.statementVoided, 'statement_voided');
      if (marked.count === 0) throw new HttpError(409, saleDocumentMessages.alreadyPaidOut, 'already_paid_out');
      return { message: saleDocumentMessages.paidOut, data: presentStatement(row) };
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/auction-events/:id/figures',
    tag: TAG,
    summary: 'An event’s figures as CSV (text/csv): per invoice the hammer, premium, commission, tax, total, paid, unpaid, seller’s net, payout and when the sale was voided',
    access: admin,
    reply: z.string(),
    handler: async ({ params, ctx }) => {
      const csv = await eventFiguresCsv(prisma, params.id!);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="event-${params.id}-figures.csv"`);
      ctx.body = csv;
    },
  });
}
