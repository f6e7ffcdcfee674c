/**
 * The Ethereum bid mutation (the spec names it but not its path): POST /auctions/:id/eth-bids records a bid
 * the user's wallet placed on chain (chain/record-bid.ts). The same bidder gates as any bid apply.
 */
import { GATES, ethBidBodySchema, ethBidMessages, ethBidReplySchema, messages } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { recordEthBid } from '../chain/record-bid.ts';

export function ethBidRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'post',
    path: '/auctions/:id/eth-bids',
    rateLimit: 'bids',
    tag: 'Bidding',
    summary: 'Record an on-chain ETH bid (the transaction hash of `bid` on the auction house)',
    description:
      'The api reads the receipt and its AuctionBid event: the auction must be the lot’s, the bidder a wallet linked to you. Amount and bidder ' +
      'come from the event, never from the body. Idempotent per event; `indexed` says whether the lot’s current bid reflects it yet.',
    access: { gates: GATES },
    body: ethBidBodySchema,
    reply: ethBidReplySchema,
    status: 201,
    errors: {
      403: `Wallet not linked to you / ${ethBidMessages.bidderMismatch}`,
      404: messages.browse.auctionNotFound,
      409: `${ethBidMessages.notChainLot} / ${ethBidMessages.notMined} / ${ethBidMessages.recordedByOther}`,
    },
    handler: async ({ params, body, user }) => {
      const bid = await recordEthBid(services, user.id, { lotId: params.id!, blockchainAuctionId: body.blockchainAuctionId, walletAddress: body.walletAddress, txHash: body.txHash });
      return { message: ethBidMessages.placed, data: { bid } };
    },
  });
}
