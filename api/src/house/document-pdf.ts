/** The invoice and the statement as one-page PDFs (pdf.ts), from the same figures their pages show. */
import { displayAmount, fill, houseRateMessages, type Invoice, parseAmount, saleDocumentMessages, type SellerStatement } from '@gavel/domain';
import { onePagePdf, type PdfLine } from './pdf.ts';

const money = (value: string, unit: Invoice['unit']) => displayAmount(parseAmount(value, unit), unit);
const day = (iso: string) => `${iso.slice(0, 10)} (UTC)`;
const voidText = (iso: string) => fill(saleDocumentMessages.voided, { date: day(iso) });

export function invoicePdf(invoice: Invoice): Buffer {
  const title = fill(saleDocumentMessages.invoiceTitle, { number: invoice.number });
  const lines: PdfLine[] = [
    { text: 'Gavel', size: 20, bold: true },
    { text: title, size: 14, bold: true, gapBefore: 12 },
    { text: `Issued ${day(invoice.issuedAt)}` },
    { text: `Buyer: ${invoice.buyerName ?? 'the winning bidder'}` },
    { text: `Lot: ${invoice.lotTitle}`, gapBefore: 12 },
    { text: 'Hammer price', right: money(invoice.hammer, invoice.unit), gapBefore: 12 },
    { text: houseRateMessages.premiumLabel, right: money(invoice.premium, invoice.unit) },
    { text: invoice.taxLine, right: money(invoice.tax, invoice.unit) },
    ...(parseAmount(invoice.fees, invoice.unit) > 0n ? [{ text: saleDocumentMessages.platformFee, right: money(invoice.fees, invoice.unit) }] : []),
    { text: 'Total', bold: true, right: money(invoice.total, invoice.unit), gapBefore: 6 },
    { text: invoice.voidedAt ? voidText(invoice.voidedAt) : invoice.paid ? 'Paid. Thank you.' : 'Awaiting payment: pay from your cart.', gapBefore: 18 },
  ];
  return onePagePdf(title, lines);
}

export function statementPdf(statement: SellerStatement): Buffer {
  const title = fill(saleDocumentMessages.statementTitle, { number: statement.number });
  const lines: PdfLine[] = [
    { text: 'Gavel', size: 20, bold: true },
    { text: title, size: 14, bold: true, gapBefore: 12 },
    { text: `Issued ${day(statement.issuedAt)}` },
    { text: `Lot: ${statement.lotTitle}`, gapBefore: 12 },
    { text: 'Hammer price', right: money(statement.hammer, statement.unit), gapBefore: 12 },
    { text: 'Seller’s commission', right: `-${money(statement.commission, statement.unit)}` },
    { text: 'Fees', right: `-${money(statement.fees, statement.unit)}` },
    { text: 'Net to you', bold: true, right: money(statement.net, statement.unit), gapBefore: 6 },
    { text: statement.voidedAt ? voidText(statement.voidedAt) : statement.buyerPaid ? 'The buyer has paid.' : 'The buyer has not paid yet.', gapBefore: 18 },
    { text: statement.paidOutAt ? `Paid out to you on ${day(statement.paidOutAt)}.` : 'Not paid out yet.' },
  ];
  return onePagePdf(title, lines);
}
