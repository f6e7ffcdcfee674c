import { Link } from 'react-router';
import { consignmentMessages } from '@gavel/domain';
import { useCurrentUser } from '../../session/use-current-user.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { ConsignForm } from './ConsignForm.tsx';
import './info-page.css';

const CATEGORIES = [
  { title: 'Bitcoin Ordinals', text: 'Inscriptions sold for sats and settled with partially signed Bitcoin transactions: the inscription moves only when the price is paid.' },
  { title: 'Ethereum NFTs', text: 'Tokens auctioned on the Gavel auction contract. Bids are escrowed on chain and the winner receives the token at settlement.' },
  { title: 'Off-chain collectibles', text: 'Physical and other off-chain lots in US dollars. Bids are kept by Gavel; payment and delivery are arranged after the sale.' },
];

const STEPS = [
  { title: 'Tell us about the item', text: 'Provenance, images and, for on-chain items, the inscription id or the contract and token id.' },
  { title: 'Review and estimate', text: 'Our specialists check ownership and authenticity and agree a starting bid, an estimate and an optional reserve with you.' },
  { title: 'Go under the hammer', text: 'Your lot is scheduled in an auction event with a clear start and end time. Bidders follow it live.' },
  { title: 'Settlement', text: 'The winner pays, you transfer, and Gavel confirms both sides: on chain for inscriptions and NFTs, by hand for off-chain lots.' },
];

/** /sell: how consigning to Gavel works, and for a signed-in user the form to submit an item. */
export function SellPage() {
  useDocumentTitle('Sell');
  const { signedIn } = useCurrentUser();
  return (
    <div className="page info-page" data-testid="sell-page">
      <header className="info-page__hero">
        <p className="info-page__eyebrow">Consign with Gavel</p>
        <h1 className="page-title">Sell your collectibles to bidders worldwide</h1>
        <p className="page-lead">Gavel auctions rare Bitcoin inscriptions, Ethereum NFTs and off-chain collectibles, with transparent bidding and settlement you can verify.</p>
      </header>
      <section aria-labelledby="sell-what" className="info-page__section">
        <h2 id="sell-what" className="info-page__heading">
          What we sell
        </h2>
        <div className="info-page__cards">
          {CATEGORIES.map((category) => (
            <article key={category.title} className="info-card">
              <h3>{category.title}</h3>
              <p>{category.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="sell-how" className="info-page__section">
        <h2 id="sell-how" className="info-page__heading">
          How it works
        </h2>
        <ol className="info-steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      {signedIn ? (
        <section aria-labelledby="sell-submit" className="info-page__section" data-testid="sell-submit">
          <h2 id="sell-submit" className="info-page__heading">
            Submit an item
          </h2>
          <p>Our specialists review every submission; you follow each one, and its lot once accepted, in My sales.</p>
          <ConsignForm />
        </section>
      ) : (
        <section className="info-page__cta">
          <p>{consignmentMessages.signInToSell} Or read our terms first.</p>
          <div className="button-row">
            <Link to="/signin" className="btn btn--accent" data-testid="sell-signin">
              Sign In
            </Link>
            <Link to="/terms-conditions" className="btn btn--ghost">
              Terms &amp; Conditions
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
