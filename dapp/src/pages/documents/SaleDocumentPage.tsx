import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fill, houseRateMessages, type Invoice, parseAmount, saleDocumentMessages, type SellerStatement } from '@gavel/domain';
import { openSaleDocumentPdf, type SaleDocumentKind, useSaleDocument } from '../../api/sale-documents.ts';
import { formatDateTime } from '../../dates/format-date.ts';
import { lotAmount } from '../../lots/lot-money.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** A buyer's invoice (/invoices/:id) or a seller's statement (/statements/:id): its figures, and its PDF. */
export function SaleDocumentPage({ kind }: { kind: SaleDocumentKind }) {
  const { id = '' } = useParams();
  const query = useSaleDocument(kind, id);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const data = query.data;
  const title = data ? fill(kind === 'invoices' ? saleDocumentMessages.invoiceTitle : saleDocumentMessages.statementTitle, { number: data.number }) : 'Document';
  useDocumentTitle(title);
  if (query.isPending) return <p className="page-status">Loading…</p>;
  if (!data) return <p className="page-status">{kind === 'invoices' ? saleDocumentMessages.invoiceNotFound : saleDocumentMessages.statementNotFound}</p>;
  const openPdf = () => {
    setPdfError(null);
    // Opened at the click, filled once the PDF has arrived.
    const tab = window.open('', '_blank');
    openSaleDocumentPdf(kind, id, tab).catch((error: Error) => setPdfError(error.message));
  };
  return (
    <main className="page sale-document" data-testid="sale-document">
      <h1>{title}</h1>
      <p>
        Issued {formatDateTime(data.issuedAt)} for <Link to={`/auctions/${data.lotId}`}>{data.lotTitle}</Link>
      </p>
      {data.voidedAt && (
        <p className="form-banner form-banner--error" role="status" data-testid="document-voided">
          {fill(saleDocumentMessages.voided, { date: formatDateTime(data.voidedAt) })}
        </p>
      )}
      <dl className="checkout-summary">{kind === 'invoices' ? <InvoiceLines invoice={data as Invoice} /> : <StatementLines statement={data as SellerStatement} />}</dl>
      <button type="button" className="btn btn--accent" data-testid="open-pdf" onClick={openPdf}>
        Open the PDF
      </button>
      {pdfError && (
        <p className="form-banner form-banner--error" role="alert">
          {pdfError}
        </p>
      )}
    </main>
  );
}

function Row({ label, value, testId, total }: { label: string; value: string; testId: string; total?: boolean }) {
  return (
    <div className={total ? 'checkout-summary__total' : undefined}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const money = (value: string) => lotAmount(value, invoice.unit);
  return (
    <>
      <Row label="Hammer price" value={money(invoice.hammer)} testId="invoice-hammer" />
      <Row label={houseRateMessages.premiumLabel} value={money(invoice.premium)} testId="invoice-premium" />
      <Row label={invoice.taxLine} value={money(invoice.tax)} testId="invoice-tax" />
      {parseAmount(invoice.fees, invoice.unit) === 0n ? null : <Row label={saleDocumentMessages.platformFee} value={money(invoice.fees)} testId="invoice-fees" />}
      <Row label="Total" value={money(invoice.total)} testId="invoice-total" total />
      <Row label="Payment" value={invoice.paid ? 'Paid' : 'Awaiting payment'} testId="invoice-paid" />
    </>
  );
}

function StatementLines({ statement }: { statement: SellerStatement }) {
  const money = (value: string) => lotAmount(value, statement.unit);
  return (
    <>
      <Row label="Hammer price" value={money(statement.hammer)} testId="statement-hammer" />
      <Row label="Seller’s commission" value={`−${money(statement.commission)}`} testId="statement-commission" />
      <Row label="Fees" value={`−${money(statement.fees)}`} testId="statement-fees" />
      <Row label="Net to you" value={money(statement.net)} testId="statement-net" total />
      <Row label="Buyer" value={statement.buyerPaid ? 'Paid' : 'Not paid yet'} testId="statement-buyer-paid" />
      <Row label="Payout" value={statement.paidOutAt ? `Paid out ${formatDateTime(statement.paidOutAt)}` : 'Not paid out yet'} testId="statement-payout" />
    </>
  );
}
