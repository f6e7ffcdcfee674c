/**
 * The results rule, for every public route and stream. An ended lot's results (who won, with which wallet, the
 * final bid and the sold price) go to signed-in viewers only: the spec shows signed-out visitors "Log in to view
 * results". A signed-out viewer learns that the lot ended and nothing more, neither from the lot nor from a list
 * of bids (a lot's history, a wallet's bids). Signed-in viewers see the winner named as bid histories name every
 * bidder ("C***r"), with the wallet the chain shows anyway; full names are for staff, on the admin routes. Every
 * reply carrying a lot, a lot update or a list of bids passes through here, after the chain overlay (which fills
 * the winner in for on-chain lots).
 */
import { messages, phaseOf, shownStatus, type ChainLot, type ClockedLot, type Lot, type LotUpdate } from '@gavel/domain';
import type { Prisma } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';
import { maskName } from '../auth/user-name.ts';

function hidesResults(signedIn: boolean, status: string): boolean {
  return !signedIn && phaseOf(status) === 'ended';
}

/** The winner as a public reply names them: masked as a bid history masks its bidders, the wallet kept. */
function maskedWinner(winner: NonNullable<Lot['winner']>): Lot['winner'] {
  const name = winner.name ?? ([winner.firstName, winner.lastName].filter(Boolean).join(' ') || null);
  return { name: name === null ? null : maskName(name), firstName: null, lastName: null, walletAddress: winner.walletAddress };
}

/** The lot as this viewer may see it: the results of an ended lot withheld from a signed-out viewer, the winner's name masked. */
export function lotForViewer<T extends Lot | ChainLot>(lot: T, signedIn: boolean): T {
  if (!hidesResults(signedIn, lot.status)) return lot.winner ? { ...lot, winner: maskedWinner(lot.winner) } : lot;
  // The settlement says whether it sold and was paid; the hashes are the winner's payment and delivery.
  const { settlement: _settlement, ...rest } = lot;
  const hidden = { ...rest, currentBid: null, soldPrice: null, winner: null, txHash: null, transferTransactionHash: null, resultsHidden: true };
  if ('chain' in lot && lot.chain) return { ...hidden, chain: { ...lot.chain, highestBid: null, highestBidder: null, winner: null } } as T;
  return hidden as T;
}

/** A stream update as this viewer may see it: the close of a lot, without its final bid for a signed-out viewer. */
export function lotUpdateForViewer(update: LotUpdate, signedIn: boolean): LotUpdate {
  return hidesResults(signedIn, update.status) ? { ...update, currentBid: null } : update;
}

/** A list that is all results once the lot ended (its bid history): refused to a signed-out caller. */
export function requireSignInForResults(signedIn: boolean, lot: ClockedLot): void {
  if (hidesResults(signedIn, shownStatus(lot))) throw new Refused('unauthenticated', messages.browse.logInForResults, 'results_need_sign_in');
}

/**
 * The lots whose bids a signed-out caller may list (a wallet's bids): open ones, and cancelled ones, which have no
 * result. An ended lot's bids would give its final bid and, by which bid leads, its winner.
 */
export function lotsShowingBidsWhere(signedIn: boolean, now: Date): Prisma.LotWhereInput | undefined {
  if (signedIn) return undefined;
  return { OR: [{ status: 'cancelled' }, { status: { in: ['upcoming', 'live'] }, endTime: { gt: now } }] };
}
