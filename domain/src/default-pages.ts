/**
 * Every CMS page as the platform starts with it. The CMS holds the pages buyers read (GET /cms/pages/:slug,
 * seeded from these, changed by an admin's edit or by publishing a policy of the same slug); the dapp shows
 * these copies only while the api cannot be reached. Each carries one date, the version's, shown once in the
 * page's header: the text itself never repeats it.
 */
import { DEFAULT_TERMS } from './terms-conditions.ts';

export interface DefaultPage {
  slug: string;
  title: string;
  /** The version's date (YYYY-MM-DD): policies are current as of 31 May 2025, the date the spec gives. */
  updatedAt: string;
  content: string;
}

const POLICIES_DATE = '2025-05-31';

const ABOUT: DefaultPage = {
  slug: 'about-us',
  title: 'About Gavel',
  updatedAt: POLICIES_DATE,
  content: `<h2>An auction house for digital collectibles</h2>
<p>Gavel runs timed English auctions for Bitcoin Ordinals inscriptions, EVM NFTs and carefully vetted off-chain lots.
Bid by card, with a Bitcoin wallet (Leather or Xverse) or with an EVM wallet (MetaMask, Trust Wallet, Rainbow,
Base Account or WalletConnect).</p>
<h3>How an auction works</h3>
<ul>
<li>Every lot has a starting bid, an optional secret reserve and an end time.</li>
<li>A bid in the last minutes extends the lot, so nobody wins by sniping.</li>
<li>On-chain lots settle on-chain: the winner's payment and the collectible change hands together.</li>
</ul>
<p>Questions? Visit our <a href="/support">support page</a>.</p>`,
};

const PRIVACY: DefaultPage = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  updatedAt: POLICIES_DATE,
  content: `<h3>What we collect</h3>
<p>Account details you give us (name, e-mail, address, date of birth), identity documents for verification, the
wallet addresses you link, and your bids. Card details go straight to our payment provider; Gavel never sees a
card number.</p>
<h3>Why</h3>
<p>To run auctions, verify bidders (we only accept bidders aged 18 or over), prevent fraud and meet our legal
obligations.</p>
<h3>Who sees your identity documents</h3>
<p>Only Gavel's administrators, to decide your identity check. Documents are kept apart from everything the site
publishes and are never shown to other users.</p>
<h3>Your rights</h3>
<p>You may ask for a copy of your data, its correction or its deletion at any time: write to us with the
<a href="/support#contact">contact form on our support page</a>, from the e-mail address of your account. We reply
by e-mail.</p>`,
};

const CONDITIONS_OF_BUSINESS: DefaultPage = {
  slug: 'conditions-of-business',
  title: 'Conditions of Business',
  updatedAt: POLICIES_DATE,
  content: `<p>These conditions apply to everyone who buys or consigns at Gavel, together with our
<a href="/terms-conditions">Terms &amp; Conditions</a>.</p>
<h2>1. Buyers</h2>
<p>A bid is a binding offer to buy the lot at that price if it wins. The winner of an off-chain lot pays within the time
their cart shows; a purchase left unpaid may be cancelled and offered to the next bidder.</p>
<h2>2. Sellers</h2>
<p>Sellers consign only items they own and may sell, describe them accurately, and deliver a sold item to the winner
once payment is confirmed, with the transfer or shipping reference recorded on the lot.</p>
<h2>3. Payment and settlement</h2>
<p>On-chain lots settle on-chain: Bitcoin lots by the partially signed transaction the seller co-signs, Ethereum lots
through the auction contract. Off-chain lots are paid by card or as agreed with Gavel, and transferred after
payment.</p>`,
};

export const DEFAULT_PAGES: Readonly<Record<string, DefaultPage>> = Object.fromEntries([ABOUT, PRIVACY, DEFAULT_TERMS, CONDITIONS_OF_BUSINESS].map((page) => [page.slug, page]));
