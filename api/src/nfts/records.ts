/**
 * NFT records. A record holds what the chain cannot (name, description,
 * image); owner, approval for the auction house, mint transaction and status are read from the chain on every
 * write and reply (chain/tokens.ts) and copied into the record, so lists can filter on them. Lists read the
 * indexer only; single records fall back to JSON-RPC for a token the indexer has not seen yet. Lists and
 * counts first record the tokens Gavel sees that nobody recorded (nfts/known-tokens.ts).
 *
 * Recording, changing or deleting a record needs a signed-in user whose linked wallet owns the token now, or an
 * admin: whoever recorded a token has no say over it once it changed hands.
 */
import { NFT_LIST_LIMIT, evmAddress, nftMessages, paginationOf, type CreateNftBody, type Nft, type NftListQuery, type NftStats, type Pagination, type UpdateNftBody } from '@gavel/domain';
import type { UserRow } from '../auth/session.ts';
import type { Nft as NftRow, Prisma as P } from '../generated/prisma/client.ts';
import { Refused, notFound } from '../refused.ts';
import { readTokens, tokenKey, type ChainToken } from '../chain/tokens.ts';
import { tokenIdsOwnedBy } from '../chain/reads.ts';
import { IndexerUnavailable } from '../chain/ponder.ts';
import { isLinkedTo } from '../wallet/linked.ts';
import { chainFields, followChain, type KnownTokens, type NftServices } from './known-tokens.ts';

const NO_HOUSE = '0x0000000000000000000000000000000000000000';

/** Every NFT Gavel knows, newest first; an owner filter also finds tokens that changed hands since they were recorded. */
export async function listNfts(services: NftServices, known: KnownTokens, query: NftListQuery): Promise<{ data: Nft[]; pagination: Pagination }> {
  const { db } = services;
  await known.sync();
  const limit = query.limit ?? NFT_LIST_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const where: P.NftWhereInput = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.ownerAddress ? await ownedBy(services, query.ownerAddress.toLowerCase()) : {}),
  };
  const [rows, total] = await Promise.all([db.prisma.nft.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }), db.prisma.nft.count({ where })]);
  return { data: await withChainState(services, rows, false), pagination: paginationOf(total, limit, offset) };
}

/** How many NFTs are recorded, approved for auction, and in an auction now (owned by the auction house). */
export async function nftStats({ db, chain }: NftServices, known: KnownTokens): Promise<NftStats> {
  await known.sync();
  const [total, approved, inAuction] = await Promise.all([
    db.prisma.nft.count(),
    db.prisma.nft.count({ where: { status: 'approved' } }),
    chain.auctionHouse ? db.prisma.nft.count({ where: { ownerAddress: chain.auctionHouse } }) : 0,
  ]);
  return { total, minted: total - approved, approved, inAuction };
}

/** One record by its id, or by its token (`contract`, `tokenId` path parameters), with its chain state. */
export async function nftRecord(services: NftServices, params: Record<string, string>): Promise<Nft> {
  return one(services, params.id ? await byId(services, params.id) : await byToken(services, params));
}

/**
 * Records a minted token: it must exist on chain, owned by a wallet linked to the caller unless the caller is an
 * admin. A record nobody made (a token Gavel saw by itself) is named by whoever records it.
 */
export async function recordNft(services: NftServices, user: UserRow, body: CreateNftBody): Promise<Nft> {
  const { db, chain } = services;
  const contractAddress = body.contractAddress.toLowerCase();
  const key = { contractAddress, tokenId: body.tokenId };
  const existing = await db.prisma.nft.findUnique({ where: { contractAddress_tokenId: key } });
  if (existing?.createdById) throw new Refused('conflict', nftMessages.alreadyRecorded, 'nft_exists');
  const token = await tokenOnChain(services, contractAddress, body.tokenId);
  await requireOwner(services, user, contractAddress, body.tokenId);
  const fields = {
    name: body.name,
    description: body.description ?? existing?.description ?? '',
    imageUrl: body.imageUrl ?? existing?.imageUrl ?? null,
    metadataUrl: token.metadataUrl ?? body.metadataUrl ?? null,
    createdById: user.id,
    ...chainFields(token, chain.auctionHouse, existing),
  };
  const row = existing
    ? await claim(services, existing.id, fields)
    : await db.prisma.nft.create({ data: { ...key, ...fields } }).catch((error: { code?: string }) => {
        if (error.code === 'P2002') throw new Refused('conflict', nftMessages.alreadyRecorded, 'nft_exists');
        throw error;
      });
  return present(row, chain.auctionHouse, false);
}

/** Changes a record (by id or by token): the token's current owner, or an admin; its chain fields are read again. */
export async function changeNft(services: NftServices, user: UserRow, params: Record<string, string>, body: UpdateNftBody): Promise<Nft> {
  const row = params.id ? await byId(services, params.id) : await byToken(services, params);
  const ownerNow = await requireOwner(services, user, row.contractAddress, row.tokenId.toFixed(0));
  const updated = await services.db.prisma.nft.update({ where: { id: row.id }, data: body });
  return one(services, updated, ownerNow);
}

/** Deletes a record (the token itself is untouched): the token's current owner, or an admin. */
export async function deleteNft(services: NftServices, user: UserRow, id: string): Promise<void> {
  const row = await byId(services, id);
  await requireOwner(services, user, row.contractAddress, row.tokenId.toFixed(0));
  await services.db.prisma.nft.delete({ where: { id: row.id } });
}

async function byId({ db }: NftServices, id: string): Promise<NftRow> {
  const row = await db.prisma.nft.findUnique({ where: { id } });
  if (!row) throw notFound(nftMessages.notFound);
  return row;
}

async function byToken({ db }: NftServices, params: Record<string, string>): Promise<NftRow> {
  const contract = evmAddress.safeParse(params.contract);
  if (!contract.success || !/^\d{1,78}$/.test(params.tokenId ?? '')) throw notFound(nftMessages.notFound);
  const row = await db.prisma.nft.findUnique({ where: { contractAddress_tokenId: { contractAddress: contract.data.toLowerCase(), tokenId: params.tokenId! } } });
  if (!row) throw notFound(nftMessages.notFound);
  return row;
}

/** Names a record nobody made; a racing request that named it first wins, and this one is told so. */
async function claim({ db }: NftServices, id: string, fields: P.NftUpdateManyMutationInput): Promise<NftRow> {
  const { count } = await db.prisma.nft.updateMany({ where: { id, createdById: null }, data: fields });
  if (count === 0) throw new Refused('conflict', nftMessages.alreadyRecorded, 'nft_exists');
  return db.prisma.nft.findUniqueOrThrow({ where: { id } });
}

/** The token on chain, read fresh (indexer, then RPC); unprocessable if it does not exist, unavailable if the chain cannot be read. */
async function tokenOnChain({ chain }: NftServices, contractAddress: string, tokenId: string): Promise<ChainToken> {
  const { tokens, stale } = await readTokens(chain, [{ contractAddress, tokenId }], { rpcFallback: true });
  const token = tokens.get(tokenKey(contractAddress, tokenId));
  if (token) return token;
  if (stale) throw new Refused('unavailable', nftMessages.chainUnavailable, 'chain_unavailable');
  throw new Refused('unprocessable', nftMessages.tokenNotOnChain, 'token_not_on_chain');
}

/**
 * A record names who recorded the token, so only its owner may record or change it: ownerOf read from the node
 * now (the indexer may not have seen a transfer yet) must be a wallet linked to the caller. Admins may any token.
 * Returns the owner the node named (null for an admin, whose change reads no owner).
 */
async function requireOwner(services: NftServices, user: UserRow, contractAddress: string, tokenId: string): Promise<string | null> {
  if (user.role === 'admin') return null;
  const { chain, db } = services;
  const onNode = await chain.rpc.token(contractAddress, tokenId, chain.auctionHouse ?? NO_HOUSE).catch(() => {
    throw new Refused('unavailable', nftMessages.chainUnavailable, 'chain_unavailable');
  });
  if (!onNode) throw new Refused('unprocessable', nftMessages.tokenNotOnChain, 'token_not_on_chain');
  if (!(await isLinkedTo(db, user.id, onNode.owner))) throw new Refused('forbidden', nftMessages.notOwner, 'not_token_owner');
  return onNode.owner;
}

/** Where `ownerAddress` filters: the records the chain says it owns, plus those last seen with it. */
async function ownedBy({ chain }: NftServices, owner: string): Promise<P.NftWhereInput> {
  const owned = chain.nft ? await tokenIdsOwnedBy(chain.ponder, chain.nft, owner).catch((e: Error) => (e instanceof IndexerUnavailable ? [] : Promise.reject(e))) : [];
  return { OR: [{ ownerAddress: owner }, ...(owned.length ? [{ contractAddress: chain.nft!, tokenId: { in: owned } }] : [])] };
}

/**
 * One record with its chain state. `ownerNow`: the owner the node named a moment ago to allow a change; an indexer
 * that has not seen that transfer yet must not answer (or write back) the owner before it.
 */
async function one(services: NftServices, row: NftRow, ownerNow: string | null = null): Promise<Nft> {
  const { chain } = services;
  const key = { contractAddress: row.contractAddress, tokenId: row.tokenId.toFixed(0) };
  const { tokens, stale } = await readTokens(chain, [key], { rpcFallback: true });
  const token = tokens.get(tokenKey(key.contractAddress, key.tokenId));
  if (!token) return present(row, chain.auctionHouse, stale);
  return present(await followChain(services, row, ownerNow ? { ...token, owner: ownerNow } : token), chain.auctionHouse, false);
}

/** Records with their chain state; records whose chain state changed are written back. */
async function withChainState(services: NftServices, rows: NftRow[], rpcFallback: boolean): Promise<Nft[]> {
  const { chain } = services;
  const keys = rows.map((row) => ({ contractAddress: row.contractAddress, tokenId: row.tokenId.toFixed(0) }));
  const { tokens, stale } = await readTokens(chain, keys, { rpcFallback });
  return Promise.all(
    rows.map(async (row) => {
      const token = tokens.get(tokenKey(row.contractAddress, row.tokenId.toFixed(0)));
      if (!token) return present(row, chain.auctionHouse, stale);
      return present(await followChain(services, row, token), chain.auctionHouse, false);
    }),
  );
}

function present(row: NftRow, house: string | null, stale: boolean): Nft {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    metadataUrl: row.metadataUrl,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId.toFixed(0),
    deployerAddress: row.deployerAddress,
    ownerAddress: row.ownerAddress,
    mintTxHash: row.mintTxHash,
    status: row.status,
    isApprovedForAuction: row.isApprovedForAuction,
    auctionContractAddress: row.auctionContractAddress,
    approveTxHash: row.approveTxHash,
    inAuction: house !== null && row.ownerAddress === house,
    stale,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
