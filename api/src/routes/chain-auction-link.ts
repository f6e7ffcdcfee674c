/**
 * POST /lots/:id/chain-auction: after the admin's (or the lot's seller's) wallet created and started an auction
 * on the auction house, the lot is linked to it (chain/auction-link.ts checks it all on chain).
 */
import { chainAuctionLinkBodySchema, chainAuctionLinkMessages, chainAuctionLinkReplySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { linkLotToChainAuction } from '../chain/auction-link.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';

export function chainAuctionLinkRoutes(routes: RouteTable, services: Services): void {
  const announceChange = () => announceLotsChanged(services.redis, services.config.redisPrefix);
  routes.add({
    method: 'post',
    path: '/lots/:id/chain-auction',
    rateLimit: 'lookups',
    tag: 'Admin',
    summary: 'Link a lot to the on-chain auction the caller’s wallet created (read and checked on chain)',
    access: { roles: ['admin', 'seller'] as const },
    body: chainAuctionLinkBodySchema,
    reply: chainAuctionLinkReplySchema,
    errors: {
      403: `${chainAuctionLinkMessages.notYourLot} / ${chainAuctionLinkMessages.notYourAuction}`,
      404: chainAuctionLinkMessages.notFound,
      409: `${chainAuctionLinkMessages.notEvmLot} / ${chainAuctionLinkMessages.otherNft} / ${chainAuctionLinkMessages.alreadyLinked} / ${chainAuctionLinkMessages.auctionTaken}`,
    },
    handler: async ({ params, body, user }) => ({ message: chainAuctionLinkMessages.linked, data: await linkLotToChainAuction(services, announceChange, user, params.id, body.auctionId) }),
  });
}
