import { auctionListQuerySchema, chainLotListSchema, chainLotReplySchema, lotListQuerySchema, messages } from '@gavel/domain';
import { notFound } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { Context } from 'koa';
import { browseLots, filterFromAuctionQuery, filterFromLotQuery, type BrowseFilter } from '../lots/browse.ts';
import { lotInclude, presentLot } from '../lots/present.ts';
import { withChain } from '../chain/lots.ts';

const BROWSE_NOTES =
  'Only published lots are listed. `status` follows the lot clock (an upcoming lot is live once its start passes, ' +
  'a live lot ended once its end passes); `active` means upcoming or live. Prices (minPrice, maxPrice) are in each ' +
  "lot's display unit (sats, ETH, USD). startDate/endDate select lots open at some time inside that window. " +
  'Default order: newest first. Paging: limit/offset or page/pageSize (at most 100).';

export function lotRoutes(routes: RouteTable, { db, browseCache, countCache, chain, config }: Services): void {
  const { imageGateway } = config.storage;
  /**
   * Pages are cached already serialised: most browse traffic is the same few pages, and JSON is the cost.
   * On-chain lots get their chain state in one indexer query per page (chain/lots.ts), cached with the page.
   */
  const servePage = (ctx: Context, route: string, query: object, filter: BrowseFilter) =>
    browseCache.get(route, query, async () => {
      const page = await browseLots(db.prisma, imageGateway, filter, countCache);
      return JSON.stringify({ ...page, data: await withChain(chain, db, page.data) });
    }).then((json) => {
      ctx.type = 'application/json';
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
    handler: ({ query, ctx }) => servePage(ctx, 'auctions', query, filterFromAuctionQuery(query)),
  });

  routes.add({
    method: 'get',
    path: '/lots',
    tag: 'Browsing',
    summary: 'Browse lots (v2 parameter names)',
    description: BROWSE_NOTES + ' `auctionId` here is the auction event id.',
    query: lotListQuerySchema,
    reply: chainLotListSchema,
    handler: ({ query, ctx }) => servePage(ctx, 'lots', query, filterFromLotQuery(query)),
  });

  for (const path of ['/auctions/:id', '/lots/:id']) {
    routes.add({
      method: 'get',
      path,
      tag: 'Browsing',
      summary: 'One lot',
      reply: chainLotReplySchema,
      errors: { 404: messages.browse.auctionNotFound },
      handler: async ({ params }) => {
        const row = await db.prisma.lot.findFirst({ where: { id: params.id, published: true }, include: lotInclude });
        if (!row) throw notFound(messages.browse.auctionNotFound);
        const [lot] = await withChain(chain, db, [presentLot(imageGateway, row)]);
        return { data: lot };
      },
    });
  }
}
