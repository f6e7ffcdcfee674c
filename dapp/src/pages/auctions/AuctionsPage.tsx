import { useDocumentTitle } from '../use-document-title.ts';
import { BrowseGrid } from './BrowseGrid.tsx';

/** /auctions: every lot, live ones ending soonest first. */
export function AuctionsPage() {
  useDocumentTitle('Auctions');
  return (
    <div className="page">
      <h1 className="page-title">Auctions</h1>
      <p className="page-lead">Bitcoin Ordinals, Ethereum NFTs and rare off-chain lots, open for bids or freshly sold.</p>
      <BrowseGrid />
    </div>
  );
}
