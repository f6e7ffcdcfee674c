/**
 * The signed-in user's own lists, across every way of bidding and selling: their bids with where each stands
 * (GET /me/bids), the lots they won with payment and transfer (GET /me/won), and the lots they sell with each
 * one's settlement (GET /me/sales). Linked wallets count as the user's: a chain win by one, a lot whose seller
 * address is one.
 */
import { bitcoinSwapOf, FOLLOW_LIMIT, chainLotListSchema, followListQuerySchema, myBidListSchema, myBidsQuerySchema, paginationOf, resolvePage, wonLotListSchema } from '@gavel/domain';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { lotInclude } from '../lots/present.ts';
import { myBids } from '../follow/my-bids.ts';
import { linkedAddresses, presentLotsForMember } from '../follow/lot-page.ts';
import { soldWhere, wonWhere } from '../follow/won-and-sold.ts';
import { payableInCart } from '../checkout/cart.ts';

const TAG = 'Following';
const INDEXER_DOWN = { 503: 'The indexer is unavailable' };

export function myLotRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;

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
    handler: async ({ query, user }) => {
      const { limit, offset } = resolvePage(query, FOLLOW_LIMIT);
      const where = await wonWhere(services, { userId: user.id, addresses: await linkedAddresses(services, user.id) });
      const [rows, total] = await Promise.all([
        prisma.lot.findMany({ where, include: lotInclude, orderBy: [{ endTime: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
        prisma.lot.count({ where }),
      ]);
      const [lots, payable] = await Promise.all([presentLotsForMember(services, rows), payableInCart(prisma, user.id, rows)]);
      return {
        data: lots.map((lot, i) => ({ lot, paymentDueAt: rows[i]!.paymentDueAt?.toISOString() ?? null, payableInCart: payable.has(rows[i]!.id), bitcoinSwap: bitcoinSwapOf(rows[i]!) })),
        pagination: paginationOf(total, limit, offset),
      };
    },
  });

  routes.add({
    method: 'get',
    path: '/me/sales',
    tag: TAG,
    summary: 'The lots the signed-in user sells (created, or whose seller address is a linked wallet), latest end first, each with its settlement',
    access: {},
    query: followListQuerySchema,
    reply: chainLotListSchema,
    handler: async ({ query, user }) => {
      const { limit, offset } = resolvePage(query, FOLLOW_LIMIT);
      const where = soldWhere({ creatorIds: [user.id], addresses: await linkedAddresses(services, user.id) });
      const [rows, total] = await Promise.all([
        prisma.lot.findMany({ where, include: lotInclude, orderBy: [{ endTime: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
        prisma.lot.count({ where }),
      ]);
      return { data: await presentLotsForMember(services, rows), pagination: paginationOf(total, limit, offset) };
    },
  });
}
