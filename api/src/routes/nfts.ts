/**
 * NFT records (nfts/records.ts): reading is public (the chain is); recording, changing or deleting a record
 * needs a signed-in user whose linked wallet owns the token now, or an admin.
 */
import { createNftBodySchema, messageReplySchema, nftListQuerySchema, nftListSchema, nftMessageReplySchema, nftMessages, nftReplySchema, nftStatsSchema, updateNftBodySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { KnownTokens } from '../nfts/known-tokens.ts';
import { changeNft, deleteNft, listNfts, nftRecord, nftStats, recordNft } from '../nfts/records.ts';

const TAG = 'NFTs';

export function nftRoutes(routes: RouteTable, services: Services): void {
  const known = new KnownTokens(services);

  routes.add({
    method: 'get',
    path: '/nfts',
    tag: TAG,
    summary: 'NFT records, newest first (page 1, limit 10 by default)',
    description:
      'Every NFT Gavel knows: tokens recorded here, and GavelNFT tokens the indexer saw minted and tokens lots sell, recorded on first sight (named after their lot). ' +
      '`ownerAddress` and `status` (minted, approved) follow the chain: an owner filter also finds tokens that changed hands since they were recorded.',
    query: nftListQuerySchema,
    reply: nftListSchema,
    handler: ({ query }) => listNfts(services, known, query),
  });

  routes.add({
    method: 'get',
    path: '/nfts/stats',
    tag: TAG,
    summary: 'How many NFTs are recorded, approved for auction, and in an auction now',
    reply: nftStatsSchema,
    handler: async () => ({ data: await nftStats(services, known) }),
  });

  for (const [path, summary] of [
    ['/nfts/:id', 'One NFT record'],
    ['/nfts/token/:contract/:tokenId', 'The NFT record of a token'],
  ] as const) {
    routes.add({
      method: 'get',
      path,
      rateLimit: 'lookups',
      tag: TAG,
      summary,
      reply: nftReplySchema,
      errors: { 404: nftMessages.notFound },
      handler: async ({ params }) => ({ data: await nftRecord(services, params) }),
    });
  }

  routes.add({
    method: 'post',
    path: '/nfts',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'Record a minted token',
    description:
      'The token must exist on chain, owned (ownerOf, read from the node) by a wallet linked to the caller, unless the caller is an admin. ' +
      'Owner, approval, status and mint transaction come from the chain; the metadata URL too when the contract has one. ' +
      "A token Gavel recorded by itself (nobody named it yet) takes the caller's name and description.",
    access: {},
    body: createNftBodySchema,
    reply: nftMessageReplySchema,
    status: 201,
    errors: { 403: nftMessages.notOwner, 409: nftMessages.alreadyRecorded, 422: nftMessages.tokenNotOnChain, 503: nftMessages.chainUnavailable },
    handler: async ({ body, user }) => ({ message: nftMessages.created, data: await recordNft(services, user, body) }),
  });

  for (const path of ['/nfts/:id', '/nfts/token/:contract/:tokenId']) {
    routes.add({
      method: 'patch',
      path,
      rateLimit: 'lookups',
      tag: TAG,
      summary: "Change an NFT record (name, description, image, metadata URL): the token's current owner, or an admin; its chain fields are read again",
      access: {},
      body: updateNftBodySchema,
      reply: nftMessageReplySchema,
      errors: { 403: nftMessages.notOwner, 404: nftMessages.notFound, 422: nftMessages.tokenNotOnChain, 503: nftMessages.chainUnavailable },
      handler: async ({ params, body, user }) => ({ message: nftMessages.updated, data: await changeNft(services, user, params, body) }),
    });
  }

  routes.add({
    method: 'delete',
    path: '/nfts/:id',
    rateLimit: 'lookups',
    tag: TAG,
    summary: "Delete an NFT record (the token itself is untouched): the token's current owner, or an admin",
    access: {},
    reply: messageReplySchema,
    errors: { 403: nftMessages.notOwner, 404: nftMessages.notFound, 422: nftMessages.tokenNotOnChain, 503: nftMessages.chainUnavailable },
    handler: async ({ params, user }) => {
      await deleteNft(services, user, params.id!);
      return { message: nftMessages.deleted };
    },
  });
}
