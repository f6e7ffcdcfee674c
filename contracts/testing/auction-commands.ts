// The random commands the property tests (test/properties.test.ts) are made of, and the mixes they come in.
// A command names its actors and auction by small indexes that the test's driver resolves against its state.
import fc from 'fast-check';
import { parseEther } from 'viem';

export const RESERVES = [0n, parseEther('0.001'), parseEther('0.1')];
export const BUFFERS = [0n, 30n, 120n];
export const BID_DELTAS = [-1n, 0n, 1n, parseEther('0.05')];
/** What a bid sends beside `bidValue`: mostly exactly it, sometimes a wei short or over. */
export const VALUE_DELTAS = [0n, 0n, 0n, 0n, 0n, -1n, 1n];
/** Premiums the owner (or someone else) tries to set: none, a wei-rounding one, 25%, the cap, over the cap. */
export const PREMIUMS = [0n, 1n, 2_500n, 3_000n, 3_001n];

/** Indexes: seller 0 the seller, 1 carol; collection 0 GavelNFT, 1 the fussy FreezableNFT; bidder and account 0-3
 *  the users, 4 the refuser (a contract); reserve, buffer and delta index the lists above. */
export type Command =
  | { kind: 'create'; seller: number; collection: number; reserve: number; minutes: number; buffer: number; startNow: boolean }
  | { kind: 'start' | 'cancel'; auction: number; caller: number }
  | { kind: 'bid'; auction: number; bidder: number; delta: number; value: number }
  | { kind: 'premium'; rate: number; byOwner: boolean }
  | { kind: 'warp'; seconds: number; pastClaimPeriod: boolean }
  | { kind: 'withdraw'; account: number }
  | { kind: 'end'; auction: number; caller: number; atEndTime: boolean }
  | { kind: 'expire'; auction: number; caller: number; waiting: boolean }
  | { kind: 'claim'; auction: number; caller: number; toSelf: boolean; waiting: boolean }
  | { kind: 'freeze'; frozen: boolean };

// An auction index; the largest value names an auction that does not exist.
export const NO_SUCH_AUCTION = 9;
const pick = fc.nat({ max: NO_SUCH_AUCTION });
export const createArb = fc.record({
  kind: fc.constant('create' as const),
  seller: fc.nat({ max: 1 }),
  collection: fc.nat({ max: 1 }),
  reserve: fc.nat({ max: RESERVES.length - 1 }),
  minutes: fc.integer({ min: 1, max: 3 }),
  buffer: fc.nat({ max: BUFFERS.length - 1 }),
  startNow: fc.constantFrom(true, true, true, false),
});
const commandArbs = {
  create: createArb,
  startOrCancel: fc.record({ kind: fc.constantFrom('start' as const, 'cancel' as const), auction: pick, caller: fc.nat({ max: 2 }) }),
  bid: fc.record({
    kind: fc.constant('bid' as const),
    auction: pick,
    bidder: fc.nat({ max: 4 }),
    delta: fc.nat({ max: BID_DELTAS.length - 1 }),
    value: fc.nat({ max: VALUE_DELTAS.length - 1 }),
  }),
  premium: fc.record({ kind: fc.constant('premium' as const), rate: fc.nat({ max: PREMIUMS.length - 1 }), byOwner: fc.constantFrom(true, true, true, false) }),
  warp: fc.record({ kind: fc.constant('warp' as const), seconds: fc.integer({ min: 1, max: 300 }), pastClaimPeriod: fc.constantFrom(false, false, false, true) }),
  withdraw: fc.record({ kind: fc.constant('withdraw' as const), account: fc.nat({ max: 4 }) }),
  // atEndTime: first wait until the auction's end time, if it has one still to come.
  end: fc.record({ kind: fc.constant('end' as const), auction: pick, caller: fc.nat({ max: 3 }), atEndTime: fc.constantFrom(false, false, false, true) }),
  // `waiting` aims at an auction whose NFT waits for a claim, if there is one: few do, and not for long.
  // caller: 0-3 the users, 4 the refuser, 5 the auction's seller, 6 its claimant; toSelf false sends the NFT to an
  // idle account.
  claim: fc.record({ kind: fc.constant('claim' as const), auction: pick, caller: fc.nat({ max: 6 }), toSelf: fc.boolean(), waiting: fc.boolean() }),
  expire: fc.record({ kind: fc.constant('expire' as const), auction: pick, caller: fc.nat({ max: 3 }), waiting: fc.boolean() }),
  freeze: fc.record({ kind: fc.constant('freeze' as const), frozen: fc.boolean() }),
} satisfies Record<string, fc.Arbitrary<Command>>;

/** A mix of commands: how often each kind comes up, and optionally other arbitraries for some kinds. */
function commandsWeighted(weights: Record<keyof typeof commandArbs, number>, arbs: Partial<typeof commandArbs> = {}): fc.Arbitrary<Command> {
  const kinds = Object.keys(weights) as (keyof typeof commandArbs)[];
  return fc.oneof(...kinds.map((kind) => ({ weight: weights[kind], arbitrary: (arbs[kind] ?? commandArbs[kind]) as fc.Arbitrary<Command> })));
}

/** Every command, bidding most. */
export const everyCommand = commandsWeighted({ create: 2, startOrCancel: 1, bid: 6, warp: 1, withdraw: 1, end: 2, claim: 2, expire: 1, freeze: 1, premium: 1 });
/** Fussy-collection auctions that are bid on, end and are settled often, so that NFTs wait for claims and claims
 *  expire; short warps, so that most bids land before the end. */
export const claimCommands = commandsWeighted(
  { create: 1, startOrCancel: 1, bid: 6, warp: 2, withdraw: 1, end: 3, claim: 3, expire: 2, freeze: 2, premium: 1 },
  {
    warp: commandArbs.warp.map((warp) => ({ ...warp, seconds: 1 + (warp.seconds % 60) })),
    end: commandArbs.end.map((end) => ({ ...end, atEndTime: end.caller !== 0 })), // three in four
    // Mostly the claimant, so that claims go through as often as they are refused.
    claim: commandArbs.claim.map((claim) => ({ ...claim, caller: claim.caller % 2 === 0 ? 6 : claim.caller, waiting: true })),
    expire: commandArbs.expire.map((expire) => ({ ...expire, waiting: true })),
  },
);
export const fussyCreateArb = createArb.map((create) => ({ ...create, collection: 1, startNow: true }));
