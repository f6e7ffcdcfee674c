/**
 * The demo catalogue: four auction events and 48 lots spread over BTC, ETH and Manual payment methods,
 * on-chain and off-chain, upcoming, live and ended (with and without winners, with and without estimates).
 * Times are relative to the moment of seeding so the demo always has something live.
 */
import type { PaymentMethod } from '@gavel/domain';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface EventPlan {
  slug: string;
  title: string;
  description: string;
  startOffset: number;
  endOffset: number;
}

export const eventPlans: EventPlan[] = [
  {
    slug: 'genesis-ordinals',
    title: 'Genesis Ordinals: Rare Inscriptions',
    description: 'Early-numbered inscriptions and rare-sat artefacts from the first years of Ordinals.',
    startOffset: -2 * DAY,
    endOffset: 5 * DAY,
  },
  {
    slug: 'on-chain-canvases',
    title: 'On-Chain Canvases: EVM Editions',
    description: 'Generative and hand-made NFTs, sold in English auctions settled on-chain.',
    startOffset: -1 * DAY,
    endOffset: 4 * DAY,
  },
  {
    slug: 'collectors-desk',
    title: "The Collector's Desk",
    description: 'Physical-digital pairs, signed prints and studio pieces, paid by card or by hand after the sale.',
    startOffset: -6 * HOUR,
    endOffset: 6 * DAY,
  },
  {
    slug: 'autumn-evening-sale',
    title: 'Autumn Evening Sale',
    description: 'Our October evening sale. Results are final.',
    startOffset: -30 * DAY,
    endOffset: -20 * DAY,
  },
];

export type LotPhase = 'upcoming' | 'live' | 'endedWithWinner' | 'endedNoBids' | 'endedReserveNotMet';

export interface LotPlan {
  event: string;
  title: string;
  description: string;
  paymentMethod: PaymentMethod;
  onchain: boolean;
  phase: LotPhase;
  /** In the smallest unit. */
  startingBid: bigint;
  reservePrice?: bigint;
  estimate?: [bigint, bigint];
  buyNowPrice?: bigint;
  inscriptionId?: string;
  image: number;
}

const SATS = (n: number) => BigInt(Math.round(n));
const ETH = (n: number) => BigInt(Math.round(n * 1e6)) * 10n ** 12n;
const USD = (n: number) => BigInt(Math.round(n * 100));

const inscription = (n: number) => `${n.toString(16).padStart(64, 'a')}i0`;

const ordinals: Array<[string, string]> = [
  ['Rare Sat Block 9 Uncommon', 'An <strong>uncommon sat</strong> mined in block 9, inscribed with a 16x16 glyph.'],
  ['Inscription #1042 "Ember Mask"', 'A pixel mask from the <em>first thousand</em> inscriptions. Provenance on-chain.'],
  ['Bitcoin Punk Fragment #77', 'Hand-drawn punk fragment, inscribed as SVG.<br/>Single edition.'],
  ['Sub-10k Palindrome Sat', 'A palindrome sat with a minimal orb study inscribed on it.'],
  ['Ordinal Waves I', "Generative waves, recursive inscription referencing the artist's library."],
  ['Ordinal Waves II', 'Companion to Waves I. Same library, new seed.'],
  ['Cursed Inscription -2331', 'One of the early <em>cursed</em> inscriptions, now blessed.'],
  ['Satoshi Orbit Study', 'Concentric rings for the first halving. <p>Signed by the artist.</p>'],
  ['Pizza Day Shard', 'Commemorating 10,000 BTC for two pizzas.'],
  ['Genesis Glyph 21', 'The 21st glyph in a series of 210.'],
  ['Taproot Totem', 'Inscribed the week taproot activated.'],
  ['Block Clock 840000', 'A clock face for the fourth halving block.'],
  ['Rune Stone Sketch', 'A study that pre-dates Runes by a year.'],
  ['Mempool Storm', 'Generative piece seeded from a full mempool snapshot.'],
  ['Epoch Mosaic', 'Every tile a difficulty epoch.'],
  ['Orange Pill Relic', 'A wry relic of the orange-pill era.'],
];

const evmWorks: Array<[string, string]> = [
  ['Chromatic Drift #3', 'Generative colour field, minted on GavelNFT.'],
  ['Ledger Lines', 'Plotter-style strokes written on-chain.'],
  ['Gas Price Garden', 'Flowers that bloom with the base fee.'],
  ['Merge Day Portrait', 'A portrait minted on the day of the Merge.'],
  ['Block Ritual', 'Rituals of a validator, one per slot.'],
  ['Solidity Sunset', 'Pixel sunset, metadata on IPFS.'],
  ['Nonce Nocturne', 'Dark generative study, 1 of 1.'],
  ['Calldata Cathedral', 'Architecture drawn from calldata.'],
  ['Slashing Spectrum', 'Colour bands for every slashing event.'],
  ['Layer Two Lanterns', 'Lanterns for the rollups that came after.'],
  ['Proof of Pixel', 'A 16x16 pixel work. Minted, then auctioned.'],
  ['Reorg Reverie', 'An artwork about the chain that was not.'],
  ['Faucet Fountain', 'A testnet relic.'],
  ['Vault Verses', 'Poems in a vault, unlocked at settlement.'],
  ['Blob Bloom', 'Celebrating blob space.'],
  ['Validator Vigil', 'The long night of a solo staker.'],
];

const deskLots: Array<[string, string]> = [
  ['Signed Print: "Halving" (Edition 4/21)', 'Giclée print, signed and numbered, with a matching inscription.'],
  ['Cold Card Mk1, Unopened', "Sealed hardware wallet from 2019. Collector's item, not for use."],
  ['Bitcoin Whitepaper First Print Facsimile', 'Letterpress facsimile, hand-bound.'],
  ['Studio Sketchbook, 2021', 'The sketchbook behind the Genesis Glyph series.'],
  ['Physical Bitcoin Coin (Unfunded)', 'A Casascius-style coin, unfunded, display piece.'],
  ['Conference Badge Set 2013-2019', 'Seven conference badges in a frame.'],
  ['Hand-Painted Node Case', 'A full node case painted by the artist.'],
  ['Mining Rig Relic (S9 Board)', 'A retired S9 hash board, mounted.'],
  ['Limited Poster "HODL"', 'Screen print, 50 made.'],
  ['Artist Proof: "Ember Mask"', 'The physical proof of the Ember Mask inscription.'],
  ['Cypherpunk Zine Bundle', 'Twelve issues, 1993-1996 reprints.'],
  ['Genesis Block Wall Clock', 'A wall clock counting blocks.'],
  ['Bronze Gavel Replica', 'Our own gavel, cast in bronze. Proceeds to charity.'],
  ['Framed Seed Phrase Art (Fake)', 'Art made of a fake seed phrase. Do not import.'],
  ['Early Exchange Ticket Stub', 'A printed ticket from a 2011 meetup.'],
  ['Studio Visit and Portrait', 'A visit to the studio and a commissioned portrait.'],
];

/** Phases cycle so every event and method gets a mix; the ended event holds the results. */
function phaseFor(index: number, event: string): LotPhase {
  if (event === 'autumn-evening-sale') return (['endedWithWinner', 'endedNoBids', 'endedReserveNotMet'] as const)[index % 3]!;
  return index % 5 === 4 ? 'upcoming' : 'live';
}

export function lotPlans(): LotPlan[] {
  const plans: LotPlan[] = [];
  ordinals.forEach(([title, description], i) => {
    const event = i < 12 ? 'genesis-ordinals' : 'autumn-evening-sale';
    const start = SATS(10_000 + i * 7_500);
    plans.push({
      event,
      title,
      description,
      paymentMethod: 'BTC',
      onchain: i % 2 === 0,
      phase: phaseFor(i, event),
      startingBid: start,
      reservePrice: i % 3 === 0 ? start * 3n : undefined,
      estimate: i % 4 === 3 ? undefined : [start * 2n, start * 5n],
      inscriptionId: inscription(1000 + i),
      image: i % 20,
    });
  });
  evmWorks.forEach(([title, description], i) => {
    const event = i < 12 ? 'on-chain-canvases' : 'autumn-evening-sale';
    const start = ETH(0.01 + i * 0.005);
    plans.push({
      event,
      title,
      description,
      paymentMethod: 'ETH',
      onchain: true,
      phase: phaseFor(i + 1, event),
      startingBid: start,
      reservePrice: i % 4 === 0 ? start * 2n : undefined,
      estimate: i % 3 === 2 ? undefined : [start * 2n, start * 4n],
      image: (i + 5) % 20,
    });
  });
  deskLots.forEach(([title, description], i) => {
    const event = i < 12 ? 'collectors-desk' : 'autumn-evening-sale';
    const start = USD(50 + i * 35);
    plans.push({
      event,
      title,
      description,
      paymentMethod: 'Manual',
      onchain: false,
      phase: phaseFor(i + 2, event),
      startingBid: start,
      reservePrice: i % 5 === 0 ? start * 2n : undefined,
      estimate: i % 4 === 1 ? undefined : [start * 2n, start * 3n],
      buyNowPrice: i % 3 === 0 ? start * 6n : undefined,
      image: (i + 11) % 20,
    });
  });
  // A lot that ends below its reserve needs one: its two bids stay under three times the starting bid.
  return plans.map((plan) => (plan.phase === 'endedReserveNotMet' && !plan.reservePrice ? { ...plan, reservePrice: plan.startingBid * 3n } : plan));
}

export const times = { HOUR, DAY };
