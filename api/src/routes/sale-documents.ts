/**
 * Sale documents: the buyer's invoices and the seller's statements, each as JSON (the dapp's page) and as a PDF
 * (fetched with the session, since tokens never travel in URLs); admins mark payouts made and export an event's
 * figures as CSV. A document is shown to its buyer (or seller) and to admins; to anyone else it does not exist.
 */
import { invoiceListReplySchema, invoiceReplySchema, saleDocumentMessages, statementListReplySchema, statementReplySchema } from '@gavel/domain';
import { z } from 'zod';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { eventFiguresCsv } from '../house/documents.ts';
import { invoicePdf, statementPdf } from '../house/document-pdf.ts';
import { invoiceFor, invoicesOf, statementFor, statementsOf } from '../follow/sale-documents.ts';
import { eventStatements, markPaidOut } from '../admin/payouts.ts';

const TAG = 'Invoices and statements';
const signedIn = {};
const admin = { roles: ['admin'] as const };

export function saleDocumentRoutes(routes: RouteTable, { db }: Services): void {
  routes.add({
    method: 'get',
    path: '/me/invoices',
    tag: TAG,
    summary: 'My invoices, newest first (one per lot won or bought)',
    access: signedIn,
    reply: invoiceListReplySchema,
    handler: async ({ user }) => ({ data: await invoicesOf(db, user.id) }),
  });

  routes.add({
    method: 'get',
    path: '/me/statements',
    tag: TAG,
    summary: 'My seller’s statements, newest first (one per lot sold)',
    access: signedIn,
    reply: statementListReplySchema,
    handler: async ({ user }) => ({ data: await statementsOf(db, user.id) }),
  });

  routes.add({
    method: 'get',
    path: '/invoices/:id',
    tag: TAG,
    summary: 'An invoice (its buyer or an admin)',
    access: signedIn,
    reply: invoiceReplySchema,
    errors: { 404: saleDocumentMessages.invoiceNotFound },
    handler: async ({ user, params }) => ({ data: await invoiceFor(db, user, params.id!) }),
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
      const invoice = await invoiceFor(db, user, params.id!);
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
    handler: async ({ user, params }) => ({ data: await statementFor(db, user, params.id!) }),
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
      const statement = await statementFor(db, user, params.id!);
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
    handler: async ({ params }) => ({ data: await eventStatements(db, params.id!) }),
  });

  routes.add({
    method: 'post',
    path: '/admin/statements/:id/payout',
    tag: TAG,
    summary: 'Mark a seller’s payout made (once)',
    access: admin,
    reply: statementReplySchema,
    errors: { 404: saleDocumentMessages.statementNotFound, 409: `${saleDocumentMessages.alreadyPaidOut}, or ${saleDocumentMessages.statementVoided}` },
    handler: async ({ user, params }) => ({ message: saleDocumentMessages.paidOut, data: await markPaidOut(db, params.id!, user.id) }),
  });

  routes.add({
    method: 'get',
    path: '/admin/auction-events/:id/figures',
    tag: TAG,
    summary: 'An event’s figures as CSV (text/csv): per invoice the hammer, premium, commission, tax, total, paid, unpaid, seller’s net, payout and when the sale was voided',
    access: admin,
    reply: z.string(),
    handler: async ({ params, ctx }) => {
      const csv = await eventFiguresCsv(db.prisma, params.id!);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="event-${params.id}-figures.csv"`);
      ctx.body = csv;
    },
  });
}
