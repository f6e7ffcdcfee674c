import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { GavelIcon } from '../icons/icons.tsx';
import { SOCIAL_LINKS } from './social-links.ts';
import './footer.css';

// Loaded on the first Subscribe click: its form validation brings zod, which the first screen does without.
const NewsletterModal = lazy(() => import('../newsletter/NewsletterModal.tsx').then((m) => ({ default: m.NewsletterModal })));

/** The spec's footer: Pages (with Subscribe opening the newsletter), Legal and Follow Us. */
export function Footer() {
  const [newsletterOpen, setNewsletterOpen] = useState(false);

  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to="/" className="footer__logo">
            <GavelIcon width={22} height={22} /> Gavel
          </Link>
          <p className="footer__tagline">An auction house for Bitcoin Ordinals, Ethereum NFTs and rare off-chain collectibles.</p>
        </div>
        <nav className="footer__column" aria-labelledby="footer-pages">
          <h2 id="footer-pages" className="footer__heading">
            Pages
          </h2>
          <ul>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <button type="button" className="footer__link-button" data-testid="footer-subscribe" onClick={() => setNewsletterOpen(true)}>
                Subscribe
              </button>
            </li>
            <li>
              <Link to="/sell">Sell</Link>
            </li>
            <li>
              <Link to="/support">Support</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer__heading">
            Legal
          </h2>
          <ul>
            <li>
              <Link to="/terms-conditions">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/conditions-of-business">Conditions of Business</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer__column" aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="footer__heading">
            Follow Us
          </h2>
          <ul>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer__legal">© {new Date().getFullYear()} Gavel. All rights reserved.</p>
      {newsletterOpen && (
        <Suspense fallback={null}>
          <NewsletterModal open onClose={() => setNewsletterOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
