/**
 * A wallet's bids and wins (follow/wallet-bids.ts): GET /auctions/bids/user/:address and
 * GET /auctions/won/:address. Bids placed through the api (any lot) and bids on the auction house (ETH lots)
 * together; the chain decides on-chain status, withdrawal status and winners. The bids on open lots are public, like
 * a live lot's history (`isYou` marks the caller's own bids when signed in); bids on ended lots and the wins are
 * results, for signed-in users only (lots/results-privacy.ts).
 */
import { z } from 'zod';
import { bidListQuerySchema, bidListSchema, chainLotListSchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { Refused } from '../refused.ts';
import { lotsWonBy, walletBids } from '../follow/wallet-bids.ts';

const TAG = 'Bidding';

const addressOf = (params: Record<string, string>): string => {
  const address = (params.address ?? '').trim();
  if (!/^[0-9a-zA-Z]{20,100}$/.test(address)) throw new Refused('invalid', 'Invalid wallet address', 'invalid_address');
  return address;
};

export function walletBidRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'get',
    path: '/auctions/bids/user/:address',
    tag: TAG,
    summary: "A wallet's bids, newest first: off-chain bids by that wallet and its bids on the auction house",
    description:
      'On-chain bids: status active/outbid and withdrawalStatus available/withdrawing/withdrawn come from the chain. 503 while the indexer is unavailable. ' +
      'Bids on ended lots are results: signed-out callers get only the bids on lots not ended.',
    query: bidListQuerySchema,
    reply: bidListSchema,
    errors: { 503: 'The indexer is unavailable' },
    handler: async ({ params, query, user }) => walletBids(services, addressOf(params), query, user?.id ?? null),
  });

  routes.add({
    method: 'get',
    path: '/auctions/won/:address',
    tag: TAG,
    summary: 'Lots a wallet won, latest end first',
    description:
      'Off-chain lots whose recorded winner is this wallet, and auctions on the auction house this wallet won: settled, or ended with it ' +
      'as the highest bidder and not settled yet. 503 while the indexer is unavailable. ' +
      // Redacting the lots would not help: the list itself says who won them.
      'Results are for signed-in users, and every lot here is a result: signed-out callers get 401.',
    query: z.object({ limit: bidListQuerySchema.shape.limit, offset: bidListQuerySchema.shape.offset }),
    reply: chainLotListSchema,
    access: {},
    errors: { 503: 'The indexer is unavailable' },
    handler: async ({ params, query }) => lotsWonBy(services, addressOf(params), query),
  });
}
