/**
 * Gavel's Terms & Conditions as the platform starts with them, current as of 31 May 2025 (the date the spec
 * gives). The CMS holds the terms buyers read (GET /cms/pages/terms-conditions, seeded from this and changed by
 * publishing a terms policy); the dapp shows this copy only while the api cannot be reached. Section headings
 * are numbered "N. Name": the dapp links to a section by its name (/terms-conditions#sellers).
 */
export const DEFAULT_TERMS = {
  slug: 'terms-conditions',
  title: 'Terms & Conditions',
  updatedAt: '2025-05-31',
  content: `<p>These terms govern your use of Gavel, an online auction house for digital collectibles (Bitcoin Ordinals inscriptions and Ethereum NFTs) and for
lots settled off-chain. By creating an account, connecting a wallet or placing a bid you accept them.</p>
<h2>1. Eligibility and accounts</h2>
<p>You must be at least 18 years old and able to enter binding contracts. To bid you need a verified e-mail address, a complete profile, a verified
identity, a valid payment method and your acceptance of these terms, including whether you bid for yourself or on behalf of someone else. You are
responsible for everything done with your account and your connected wallets.</p>
<h2>2. Lots and descriptions</h2>
<p>Each lot shows its payment method and unit: Bitcoin lots in sats, Ethereum lots in ETH and off-chain lots in US dollars. Estimates are opinions,
not guarantees; a lot without an estimate shows Upon Request. Inscription ids, contract addresses and token ids are shown so you can verify an item
on chain before you bid.</p>
<h2>3. Bidding</h2>
<ul>
<li>Every bid is a binding offer to buy the lot at that price if it wins.</li>
<li>A bid must reach the minimum next bid: the starting bid, or the current bid plus 100 sats for Bitcoin and on-chain lots, 0.0001 ETH for Ethereum
lots, or 1 US dollar for off-chain lots.</li>
<li>A bid placed near the end of an auction may extend its end time; the lot page shows the new time.</li>
<li>An upcoming lot opens for bids at its start time and closes at its end time. Once closed, no bid is accepted.</li>
<li>Where a lot offers Buy Now, using it ends the auction at once and cancels all other bids.</li>
</ul>
<h2>4. Payment</h2>
<p>Card payments are processed by our payment provider; Gavel never sees your full card number. To verify a card we place a temporary hold of $1,
which is released within 5 days. The minimum card payment is $0.50 (50 sats for Bitcoin lots). Bitcoin bids are partially signed transactions that
you approve in your wallet; Ethereum bids are transactions on the Gavel auction contract. Network fees are yours to pay.</p>
<h2>5. Off-chain lots</h2>
<p>Bids on off-chain lots are recorded in Gavel's database. After the auction ends, payment and transfer of the item are arranged manually between
Gavel, the seller and the winner.</p>
<h2>6. Outbid bids and withdrawals</h2>
<p>When you are outbid on an on-chain lot, your funds stay in the auction contract until you withdraw them from the lot page. Gavel cannot move them
for you.</p>
<h2>7. Sellers</h2>
<p>Sellers warrant that they own the items they consign and may sell them, and that their descriptions are accurate. A seller must deliver a sold
item to the winner once payment is confirmed.</p>
<h2>8. Conduct</h2>
<p>Shill bidding, bidding without the means to pay, bid manipulation and attempts to interfere with the service are forbidden and lead to account
closure. We may cancel a lot or a bid we believe to be fraudulent.</p>
<h2>9. Liability</h2>
<p>Blockchain transactions are irreversible and depend on networks Gavel does not control. To the extent the law allows, Gavel is not liable for
losses caused by network delays, wallet software, lost keys or price movements.</p>
<h2>10. Changes</h2>
<p>We may update these terms. The date at the top shows the current version; bids placed before a change remain governed by the terms in force
when they were placed.</p>`,
} as const;
