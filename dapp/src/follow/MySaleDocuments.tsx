import { Link } from 'react-router';
import { type SaleDocumentKind, useMySaleDocuments } from '../api/sale-documents.ts';
import { lotAmount } from '../lots/lot-money.ts';

const TITLES: Record<SaleDocumentKind, string> = { invoices: 'My invoices', statements: 'My statements' };

/** The user's invoices (My bids) or seller's statements (My sales), each linking to its page and PDF; nothing while there are none. */
export function MySaleDocuments({ kind }: { kind: SaleDocumentKind }) {
  const documents = useMySaleDocuments(kind);
  if (!documents.data?.length) return null;
  return (
    <section className="follow-page__documents" data-testid={`my-${kind}`}>
      <h2>{TITLES[kind]}</h2>
      <ul>
        {documents.data.map((document) => (
          <li key={document._id}>
            <Link to={`/${kind}/${document._id}`} data-testid={`my-${kind}-link`}>
              {document.number}
            </Link>{' '}
            {document.lotTitle}: {lotAmount('total' in document ? document.total : document.net, document.unit)}
            {document.voidedAt ? ' (void)' : 'paidOutAt' in document && (document.paidOutAt ? ' (paid out)' : ' (not paid out yet)')}
          </li>
        ))}
      </ul>
    </section>
  );
}
