import { auctionListQuerySchema, chainLotListSchema, chainLotReplySchema, lotListQuerySchema, messages } from '@gavel/domain';
import { notFound } from '../refused.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import type { Context } from 'koa';
import { browseLots, filterFromAuctionQuery, filterFromLotQuery, type BrowseFilter } from '../lots/browse.ts';
import { EXACT_UP_TO } from '../lots/browse-total.ts';
import { presentLot } from '../lots/present.ts';
import { lotForViewer } from '../lots/results-privacy.ts';
import { findPublicLot } from '../lots/public-lot.ts';
import { withChain } from '../chain/lots.ts';

const RESULTS_NOTE =
  "An ended lot's results (final bid, sold price, winner) go to signed-in callers only: for others `resultsHidden` is true " +
  'and currentBid, soldPrice, winner, txHash, transferTransactionHash and chain.highestBid/highestBidder/winner are null, settlement left out. ' +
  'Signed-in callers see the winner named as bid histories name bidders (winner.name "C***r", firstName and lastName null).';

const BROWSE_NOTES =
  'Only published lots are listed. `status` follows the lot clock (an upcoming lot is live once its start passes, ' +
  'a live lot ended once its end passes); `active` means upcoming or live. Prices (minPrice, maxPrice) are in each ' +
  "lot's display unit (sats, ETH, USD). startDate/endDate select lots open at some time inside that window. " +
  'Default order: live lots ending soonest, then upcoming lots starting soonest, then ended lots latest first; ' +
  '`sort=bids` orders by bid count (most first by default). `search` matches words of the title or description, ' +
  'or a whole inscription id or token id. Paging: limit/offset or page/pageSize (at most 100). `pagination.total` is exact ' +
  `up to ${EXACT_UP_TO} matches; past that it is an estimate and \`pagination.totalExact\` is false (\`hasMore\` is always exact). ` +
  RESULTS_NOTE +
  " For them minPrice/maxPrice and sort=price use an ended lot's starting bid.";

export function lotRoutes(routes: RouteTable, { db, browseCache, countCache, chain, config }: Services): void {
  const { imageGateway } = config.storage;
  /**
   * Pages are cached already serialised: most browse traffic is the same few pages, and JSON is the cost.
   * On-chain lots get their chain state in one indexer query per page (chain/lots.ts), cached with the page.
   * Signed-in and signed-out viewers see different pages (results of ended lots), cached apart.
   */
  const servePage = (ctx: Context, route: string, query: object, filter: BrowseFilter) =>
    browseCache
      .get(`${route}:${filter.signedIn ? 'signed-in' : 'signed-out'}`, query, async () => {
        const page = await browseLots(db, imageGateway, filter, countCache);
        const lots = await withChain(chain, db, page.data);
        return JSON.stringify({ ...page, data: lots.map((lot) => lotForViewer(lot, filter.signedIn)) });
      })
      .then((json) => {
        ctx.type = 'application/json';
        ctx.vary('Authorization');
        ctx.body = json;
      });

  routes.add({
    method: 'get',
    path: '/auctions',
    tag: 'Browsing',
    summary: 'Browse lots',
    description: BROWSE_NOTES,
    query: auctionListQuerySchema,
    reply: chainLotListSchema,
    handler: ({ query, ctx, user }) => servePage(ctx, 'auctions', query, filterFromAuctionQuery(query, user !== null)),
  });

  routes.add({
    method: 'get',
    path: '/lots',
    tag: 'Browsing',
    summary: 'Browse lots (v2 parameter names)',
    description: `${BROWSE_NOTES} \`auctionId\` here is the auction event id.`,
    query: lotListQuerySchema,
    reply: chainLotListSchema,
    handler: ({ query, ctx, user }) => servePage(ctx, 'lots', query, filterFromLotQuery(query, user !== null)),
  });

  for (const path of ['/auctions/:id', '/lots/:id']) {
    routes.add({
      method: 'get',
      path,
      tag: 'Browsing',
      summary: 'One lot',
      description: RESULTS_NOTE,
      reply: chainLotReplySchema,
      errors: { 404: messages.browse.auctionNotFound },
      handler: async ({ params, ctx, user }) => {
        const row = await findPublicLot(db, params.id!);
        if (!row) throw notFound(messages.browse.auctionNotFound);
        const [lot] = await withChain(chain, db, [presentLot(imageGateway, row)]);
        ctx.vary('Authorization');
        return { data: lotForViewer(lot!, user !== null) };
      },
    });
  }
}
