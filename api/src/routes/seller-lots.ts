/**
 * GET /auctions/seller/:address: the lots a wallet address sells. A lot is sold by an address when it is the lot's
 * seller address (where a BTC lot's inscription comes from and its price goes), or when the lot's creator has
 * proved they own that address (a linked wallet). EVM addresses compare case-insensitively (checksums are only
 * a spelling); Bitcoin addresses exactly, except bech32's all-lowercase or all-uppercase forms.
 */
import { z } from 'zod';
import { bidListQuerySchema, chainLotListSchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { Refused } from '../refused.ts';
import { lotsSoldBy } from '../follow/wallet-bids.ts';

export function sellerLotRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'get',
    path: '/auctions/seller/:address',
    tag: 'Lots',
    summary: 'The published lots a wallet address sells, newest end first',
    description:
      'Lots whose seller address is this address, and lots created by the user who linked this wallet. EVM and bech32 addresses match ' +
      'whatever their letter case. An ended lot’s results are for signed-in viewers only.',
    query: z.object({ limit: bidListQuerySchema.shape.limit, offset: bidListQuerySchema.shape.offset }),
    reply: chainLotListSchema,
    handler: async ({ params, query, user }) => {
      const address = (params.address ?? '').trim();
      if (!/^[0-9a-zA-Z]{20,100}$/.test(address)) throw new Refused('invalid', 'Invalid wallet address', 'invalid_address', { address: 'Invalid wallet address' });
      return lotsSoldBy(services, address, query, user !== null);
    },
  });
}
