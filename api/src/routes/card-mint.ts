/** Minting by card through the relayer (relayer/card-mint.ts): start a mint, and read how it went. */
import { cardMintBodySchema, cardMintMessages, cardMintReplySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { cardMintOf, presentCardMint, startCardMint } from '../relayer/card-mint.ts';

export function cardMintRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'post',
    path: '/nfts/card-mint',
    rateLimit: 'payments',
    tag: 'NFTs',
    summary: 'Mint an NFT paid by card: the relayer sends GavelNFT cardMint to your linked EVM wallet',
    description: 'Charges the saved card the public mint price in USD (at the live ETH price, PRICE_API_URL; at least $0.50), then mints in the background: poll GET /nfts/card-mint/:id.',
    access: {},
    body: cardMintBodySchema,
    reply: cardMintReplySchema,
    status: 202,
    errors: { 402: 'The card refused the charge', 403: cardMintMessages.walletNeeded, 503: `${cardMintMessages.unavailable} / ${cardMintMessages.pricePaused}` },
    handler: async ({ body, user }) => ({ message: cardMintMessages.queued, data: await startCardMint(services, user, body.metadataUrl) }),
  });

  routes.add({
    method: 'get',
    path: '/nfts/card-mint/:id',
    tag: 'NFTs',
    summary: 'A card mint and its status (queued, minted with its token id, or failed and refunded)',
    access: {},
    reply: cardMintReplySchema,
    errors: { 404: cardMintMessages.notFound },
    handler: async ({ params, user }) => {
      const row = await cardMintOf(services.db.prisma, user, params.id);
      return { message: row.status, data: presentCardMint(row, services.chain.nft) };
    },
  });
}
