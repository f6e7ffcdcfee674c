/**
 * The signed-in user's own lists, across every way of bidding and selling: their bids with where each stands
 * (GET /me/bids), the lots they won with payment and transfer (GET /me/won), and the lots they sell with each
 * one's settlement (GET /me/sales). Linked wallets count as the user's: a chain win by one, a lot whose seller
 * address is one.
 */
import { FOLLOW_LIMIT, chainLotListSchema, followListQuerySchema, myBidListSchema, myBidsQuerySchema, paginationOf, resolvePage, wonLotListSchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { myBids } from '../follow/my-bids.ts';
import { lotsSoldByUser, lotsWonByUser } from '../follow/my-lots.ts';

const TAG = 'Following';
const INDEXER_DOWN = { 503: 'The indexer is unavailable' };

export function myLotRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'get',
    path: '/me/bids',
    tag: TAG,
    summary: "The signed-in user's bids, one per lot (their best bid), latest bid first, with where each stands",
    description:
      'state: leading or outbid while the lot is open, won or lost once it ended (a leader stays leading until the close records the winner). ' +
      'Card, pay-later and Bitcoin wallet bids, and bids on the auction house from a linked wallet or by card through the relayer. ' +
      'canWithdraw: an outbid bid through Gavel on an open lot, which DELETE /auctions/bids/:bidId takes back. ' +
      '?state= lists only the lots in that state; counts: how many lots are in each state (over the latest 500 lots bid on), whatever the filter and page.',
    access: {},
    query: myBidsQuerySchema,
    reply: myBidListSchema,
    handler: async ({ query, user }) => {
      const { limit, offset } = resolvePage(query, FOLLOW_LIMIT);
      const { data, total, counts } = await myBids(services, user.id, { limit, offset, state: query.state });
      return { data, pagination: paginationOf(total, limit, offset), counts };
    },
  });

  routes.add({
    method: 'get',
    path: '/me/won',
    tag: TAG,
    summary: 'The lots the signed-in user won or bought, latest end first, with payment and transfer (lot.settlement) and the payment deadline',
    access: {},
    query: followListQuerySchema,
    reply: wonLotListSchema,
    errors: INDEXER_DOWN,
    handler: async ({ query, user }) => lotsWonByUser(services, user.id, resolvePage(query, FOLLOW_LIMIT)),
  });

  routes.add({
    method: 'get',
    path: '/me/sales',
    tag: TAG,
    summary: 'The lots the signed-in user sells (created, or whose seller address is a linked wallet), latest end first, each with its settlement',
    access: {},
    query: followListQuerySchema,
    reply: chainLotListSchema,
    handler: async ({ query, user }) => lotsSoldByUser(services, user.id, resolvePage(query, FOLLOW_LIMIT)),
  });
}
