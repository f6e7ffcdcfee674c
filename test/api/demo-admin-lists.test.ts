/**
 * The admin's Inscriptions and NFTs lists on the demo as `npm start` builds it: the demo seed, its Bitcoin
 * (every BTC lot inscribed to the seller's wallet, scripts/seed/demo-bitcoin.ts) and its chain (a GavelNFT
 * token in an auction for every live ETH lot, scripts/seed/demo-chain.ts), with the indexer. The lists and
 * their header figures count every inscription and NFT Gavel knows, and filter as the spec says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLogs, type Address } from 'viem';
import { gavelNftAbi } from '@gavel/contracts';
import { chainActions, linkWallet, startChainStack, type ChainStack } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { inscribe } from '../../scripts/stand-ins/bitcoin/inscribe.ts';
import { seedDemo } from '../../scripts/seed/demo.ts';
import { seedDemoBitcoin } from '../../scripts/seed/demo-bitcoin.ts';
import { linkDemoChain } from '../../scripts/seed/demo-chain.ts';
import { demoBitcoinWallet } from '../../scripts/seed/bitcoin-wallets.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/accounts.ts';

let btc: BitcoinStandIn;
let chain: ChainStack;
let admin: string;
let demoAuctions: number;
const seller = demoBitcoinWallet('seller@gavel.test', 'regtest');

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  chain = await startChainStack('postgres', { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl });
  const { services } = chain.api;
  await seedDemo(services.db, services.contentStore);
  await seedDemoBitcoin(services, btc.chain);
  demoAuctions = (await linkDemoChain(services, chain.rpcUrl)).auctions;
  admin = await signIn(chain.api.url, 'admin@gavel.test', DEMO_PASSWORD);
}, 180_000);
afterAll(async () => {
  await chain?.stop();
  await btc?.close();
}, 60_000);

const call = async (method: string, path: string, token = admin, body?: unknown) => {
  const res = await fetch(chain.api.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const get = (path: string, token = admin) => call('GET', path, token);
/** A card mint by the api's relayer on the demo chain (anvil account 9). */
async function mintByCard(to: Address, url: string): Promise<bigint> {
  const receipt = await chainActions(chain).mined(await chain.signers[9]!.writeContract({ address: chain.nft, abi: gavelNftAbi, functionName: 'cardMint', args: [to, url] }));
  return parseEventLogs({ abi: gavelNftAbi, eventName: 'Minted', logs: receipt.logs })[0]!.args.tokenId;
}
const ids = (rows: Array<{ inscriptionId?: string; tokenId?: string }>) => rows.map((r) => r.inscriptionId ?? r.tokenId).sort();

describe('admin Inscriptions list on the demo', () => {
  it('counts every BTC lot inscription in the seller’s wallet, and filters by status, wallet and auction', async () => {
    const btcLots = await chain.api.db.prisma.lot.findMany({ where: { paymentMethod: 'BTC' } });
    const lotInscriptions = btcLots.map((l) => l.inscriptionId!).sort();
    expect(lotInscriptions).toHaveLength(16);

    expect((await get('/inscriptions/admin/stats')).body.data).toEqual({ total: 16, withAuction: 16, byStatus: { confirmed: 16 } });
    const all = await get('/inscriptions/admin/all?limit=20&page=1');
    expect(all.body.pagination).toMatchObject({ total: 16, page: 1 });
    expect(ids(all.body.data)).toEqual(lotInscriptions);
    for (const row of all.body.data) {
      expect(row).toMatchObject({ walletAddress: seller.ordinals.address, status: 'confirmed', contentType: 'image/svg+xml', hasAuction: true, createdHere: false });
      expect(btcLots.find((l) => l.id === row.auctionId)?.inscriptionId).toBe(row.inscriptionId);
    }
    expect((await get(`/inscriptions/admin/all?walletAddress=${seller.ordinals.address.toUpperCase()}`)).body.pagination.total).toBe(16);
    expect((await get('/inscriptions/admin/all?hasAuction=false')).body.data).toEqual([]);
    expect((await get('/inscriptions/admin/all?limit=5&page=4')).body.data).toHaveLength(1);
  });

  it('adds what a linked wallet holds (not in an auction) and what only a lot names (unverified)', async () => {
    // A bidder's own inscription, read from the wallet they linked.
    const bidder = demoBitcoinWallet('bidder@gavel.test', 'regtest');
    const own = inscribe(btc.chain, bidder.ordinals.address, { contentType: 'text/plain;charset=utf-8', body: new TextEncoder().encode('my own') });
    btc.chain.mine(1);
    const bidderRow = await chain.api.db.prisma.user.findUniqueOrThrow({ where: { email: 'bidder@gavel.test' } });
    await chain.api.db.prisma.wallet.create({ data: { userId: bidderRow.id, address: bidder.ordinals.address, type: 'xverse', walletName: 'Xverse Wallet' } });
    const bidderToken = await signIn(chain.api.url, 'bidder@gavel.test', DEMO_PASSWORD);
    expect((await call('POST', '/inscriptions/sync-wallet-inscriptions', bidderToken, { walletAddress: bidder.ordinals.address })).body.data).toMatchObject({ found: 1, added: 1 });

    // A lot naming an inscription nobody synced.
    const named = `${'b'.repeat(64)}i0`;
    const lot = await createLot(chain.api.db, { paymentMethod: 'BTC' });
    await chain.api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId: named, sellerWalletAddress: seller.ordinals.address } });

    expect((await get('/inscriptions/admin/stats')).body.data).toEqual({ total: 18, withAuction: 17, byStatus: { confirmed: 17, unverified: 1 } });
    const notOnSale = await get('/inscriptions/admin/all?hasAuction=false');
    expect(notOnSale.body.data).toEqual([
      expect.objectContaining({ inscriptionId: own.inscriptionId, walletAddress: bidder.ordinals.address, status: 'confirmed', hasAuction: false, auctionId: null }),
    ]);
    expect(ids((await get(`/inscriptions/admin/all?walletAddress=${bidder.ordinals.address}`)).body.data)).toEqual([own.inscriptionId]);
    const unverified = await get('/inscriptions/admin/all?status=unverified');
    expect(unverified.body.data).toEqual([
      expect.objectContaining({ _id: named, inscriptionId: named, walletAddress: seller.ordinals.address, hasAuction: true, auctionId: lot.id, createdHere: false }),
    ]);
    expect((await get('/inscriptions/admin/all?status=confirmed&hasAuction=true')).body.pagination.total).toBe(16);
    expect((await get(`/inscriptions/admin/all?walletAddress=${seller.ordinals.address}`)).body.pagination.total).toBe(17);
  });
});

describe('admin NFTs list on the demo', () => {
  it('counts the GavelNFT token of every demo auction, named after its lot, and filters by status and owner', async () => {
    const act = chainActions(chain);
    const house = chain.house.toLowerCase();
    const chainLots = await chain.api.db.prisma.lot.findMany({ where: { chainAuctionId: { not: null } } });
    expect(demoAuctions).toBeGreaterThanOrEqual(8);
    expect(chainLots).toHaveLength(demoAuctions);

    // The figures follow the indexer as it catches up with the demo's mints and escrows: polled meanwhile, they
    // end with every token in its auction.
    const stats = await eventually(() => get('/nfts/stats').then((r) => r.body.data), { until: (s) => s.inAuction === demoAuctions, timeoutMs: 30_000, what: 'the demo auctions to be indexed' });
    expect(stats).toEqual({ total: demoAuctions, minted: 0, approved: demoAuctions, inAuction: demoAuctions });
    const list = await get('/nfts?page=1&limit=50');
    expect(list.body.pagination.total).toBe(demoAuctions);
    expect(list.body.data.map((n: any) => n.name).sort()).toEqual(chainLots.map((l) => l.title).sort());
    for (const nft of list.body.data) {
      const lot = chainLots.find((l) => l.tokenId?.toFixed(0) === nft.tokenId)!;
      expect(nft).toMatchObject({ name: lot.title, contractAddress: chain.nft.toLowerCase(), ownerAddress: house, status: 'approved', inAuction: true, imageUrl: lot.imageUrls[0] });
      expect(nft.mintTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    }
    expect((await get(`/nfts?ownerAddress=${chain.house}&limit=50`)).body.pagination.total).toBe(demoAuctions);
    expect((await get(`/nfts?ownerAddress=${act.address(1)}`)).body.data).toEqual([]);
    expect((await get('/nfts?status=minted')).body.data).toEqual([]);

    // A token minted outside any lot (by card: the demo made the relayer, account 9, the minter) is known as soon
    // as the indexer saw it; its owner may then name it.
    const tokenId = (await mintByCard(act.address(5), 'ipfs://bafy-outside-any-lot')).toString();
    const after = await eventually(() => get('/nfts/stats').then((r) => r.body.data), { until: (s) => s.total === demoAuctions + 1, timeoutMs: 10_000, what: 'the new mint' });
    expect(after).toEqual({ total: demoAuctions + 1, minted: 1, approved: demoAuctions, inAuction: demoAuctions });
    const minted = await get('/nfts?status=minted');
    expect(minted.body.data).toEqual([expect.objectContaining({ tokenId, name: `GavelNFT #${tokenId}`, ownerAddress: act.address(5).toLowerCase(), metadataUrl: 'ipfs://bafy-outside-any-lot' })]);
    expect(ids((await get(`/nfts?ownerAddress=${act.address(5)}`)).body.data)).toEqual([tokenId]);

    const owner = await createUser(chain.api.db, 'ready');
    await linkWallet(chain, owner.id, act.address(5));
    const ownerToken = await signIn(chain.api.url, owner.email);
    const named = await call('POST', '/nfts', ownerToken, { name: 'Studio proof', description: 'Kept by the artist', contractAddress: chain.nft, tokenId });
    expect(named.status).toBe(201);
    expect(named.body.data).toMatchObject({ _id: minted.body.data[0]._id, name: 'Studio proof', description: 'Kept by the artist', status: 'minted' });
    expect((await call('POST', '/nfts', ownerToken, { name: 'Again', contractAddress: chain.nft, tokenId })).status).toBe(409);
    expect((await get('/nfts/stats')).body.data.total).toBe(demoAuctions + 1);
  }, 60_000);
});
