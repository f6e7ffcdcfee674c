/** The three CMS pages the spec names, as the admin can later edit them. */
export const cmsPages = [
  {
    slug: 'about-us',
    title: 'About Gavel',
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
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    content: `<p><em>Current as of 31 May 2025.</em></p>
<h3>What we collect</h3>
<p>Account details you give us (name, e-mail, address, date of birth), identity documents for verification, the
wallet addresses you link, and your bids. Card details go straight to our payment provider; Gavel never sees a
card number.</p>
<h3>Why</h3>
<p>To run auctions, verify bidders (we only accept bidders aged 18 or over), prevent fraud and meet our legal
obligations.</p>
<h3>Your rights</h3>
<p>You may ask for a copy of your data, its correction or its deletion at any time through our support page.</p>`,
  },
  {
    slug: 'terms-conditions',
    title: 'Terms and Conditions',
    content: `<p><em>These terms are current as of 31 May 2025.</em></p>
<h3>1. Bidding</h3>
<p>A bid is a binding offer to buy the lot at the amount bid. You may bid for yourself or on behalf of someone
else; you must say which before your first bid.</p>
<h3>2. Eligibility</h3>
<p>Bidders must be 18 or older, have a verified identity and a valid payment method.</p>
<h3>3. Payment and transfer</h3>
<p>On-chain lots settle on-chain. Off-chain lots are paid and transferred after the auction ends, as the lot
page describes. A card verification hold of $1 is released within 5 days.</p>
<h3>4. Fees</h3>
<p>The service fee shown at checkout is $0 unless a lot states otherwise.</p>`,
  },
];
