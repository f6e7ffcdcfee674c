import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../use-document-title.ts';
import { ContactForm } from './ContactForm.tsx';
import './info-page.css';

const QUESTIONS = [
  {
    q: 'Do I need an account to browse?',
    a: 'No. Anyone can browse lots and results. To bid you need an account with a verified e-mail, a complete profile, a verified identity, a payment method and accepted terms.',
  },
  { q: 'In which currency are prices shown?', a: "In the lot's own unit: Bitcoin lots in sats, Ethereum lots in ETH, and off-chain lots in US dollars. Every price on Gavel carries its unit." },
  { q: 'When does an auction end?', a: 'Each lot shows a live countdown. A lot opens at its start time and closes at its end time; a late bid can extend it, and the countdown follows.' },
  {
    q: 'What is the minimum bid?',
    a: 'The starting bid, or once someone has bid, the current bid plus 100 sats (Bitcoin and on-chain lots), 0.0001 ETH (Ethereum lots) or 1 US dollar (off-chain lots).',
  },
  { q: 'Which wallets can I use?', a: 'Leather and Xverse for Bitcoin; MetaMask, Trust Wallet, Rainbow, Base Account and WalletConnect for Ethereum.' },
  { q: 'How are off-chain lots settled?', a: 'Their bids are stored by Gavel. After the auction ends, payment and transfer are arranged manually with the winner.' },
  { q: 'Why is there a $1 hold on my card?', a: 'It verifies your card when you add it. The hold is released within 5 days and you are not charged.' },
];

/** /support: answers to the questions bidders ask most, and the contact form (/support#contact, where the privacy policy sends data requests). */
export function SupportPage() {
  useDocumentTitle('Support');
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#contact') document.getElementById('contact')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <div className="page info-page" data-testid="support-page">
      <header className="info-page__hero">
        <p className="info-page__eyebrow">Help centre</p>
        <h1 className="page-title">Support</h1>
        <p className="page-lead">Answers to common questions about browsing, bidding and settlement on Gavel, and a form to write to us.</p>
      </header>
      <section aria-label="Frequently asked questions" className="info-page__section faq">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="faq__item">
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </section>
      <section id="contact" aria-labelledby="contact-heading" className="info-page__section contact">
        <h2 id="contact-heading" className="info-page__heading">
          Contact us
        </h2>
        <p className="contact__lead">Write to us about a lot, a payment or your account, or to ask for a copy, a correction or the deletion of your personal data. We reply by e-mail.</p>
        <ContactForm />
      </section>
      <section className="info-page__cta">
        <p>The full rules of bidding, payment and settlement are in our terms.</p>
        <div className="button-row">
          <Link to="/terms-conditions" className="btn btn--primary">
            Terms &amp; Conditions
          </Link>
          <Link to="/privacy-policy" className="btn btn--ghost">
            Privacy Policy
          </Link>
        </div>
      </section>
    </div>
  );
}
