/**
 * The local Bitcoin for `npm start`: the stand-in's chain is new on every start (like anvil), so each start
 * inscribes every BTC demo lot's image to the demo seller's ordinals address and records the inscription on
 * the lot, and funds the demo bidders' payment addresses (a dummy UTXO and spending money), so a visitor can
 * bid on a BTC lot with real offers. Offers and bids of open BTC lots refer to the previous chain: they are
 * cleared, and those lots start again from their starting bid.
 *
 * The seller's wallet is then synced as its owner would (POST /inscriptions/sync-wallet-inscriptions), so the
 * admin's Inscriptions list holds what the seller's wallet holds; the previous chain's inscriptions, which no
 * longer exist, leave it.
 */
import type { Services } from '../../api/src/services.ts';
import { announceLotsChanged } from '../../api/src/lots/browse-cache.ts';
import { syncWalletInscriptions } from '../../api/src/inscriptions/sync.ts';
import type { Chain } from '../stand-ins/bitcoin/index.ts';
import { inscribe } from '../stand-ins/bitcoin/inscribe.ts';
import { demoAccounts } from './accounts.ts';
import { demoBitcoinWallet } from './bitcoin-wallets.ts';

/** A dummy (600-1000 sats, what offers need first) and two coins each large enough for any demo bid. */
const BIDDER_FUNDS = [600, 1_000_000, 1_000_000];

export async function seedDemoBitcoin(services: Services, chain: Chain): Promise<{ inscriptions: number; synced: number; funded: string[] }> {
  const { prisma } = services.db;
  const network = services.config.bitcoin.network;
  const seller = demoBitcoinWallet('seller@gavel.test', network);
  const funded: string[] = [];
  for (const account of demoAccounts) {
    if (account.role !== 'user') continue;
    const wallet = demoBitcoinWallet(account.email, network);
    await linkWallet(services, account.email, wallet.payment.address);
    for (const sats of BIDDER_FUNDS) chain.fund(wallet.payment.address, sats);
    funded.push(wallet.payment.address);
  }
  await linkWallet(services, 'seller@gavel.test', seller.ordinals.address);
  chain.mine(1);

  const lots = await prisma.lot.findMany({
    where: { paymentMethod: 'BTC' },
    orderBy: { lotNumber: 'asc' },
    select: { id: true, status: true, imageUrls: true, title: true, startingBid: true, inscriptionId: true },
  });
  for (const lot of lots) {
    const inscribed = inscribe(chain, seller.ordinals.address, await contentOf(services, lot));
    const open = lot.status === 'live' || lot.status === 'upcoming';
    await prisma.$transaction([
      prisma.lot.update({
        where: { id: lot.id },
        data: {
          inscriptionId: inscribed.inscriptionId,
          sellerWalletAddress: seller.ordinals.address,
          ...(open ? { currentBid: null, currentPrice: lot.startingBid, bidCount: 0 } : {}),
        },
      }),
      ...(open ? [prisma.bid.deleteMany({ where: { lotId: lot.id } }), prisma.btcOffer.deleteMany({ where: { lotId: lot.id } })] : []),
    ]);
  }
  const previous = lots.flatMap((lot) => (lot.inscriptionId ? [lot.inscriptionId] : []));
  // Only rows read from ord: an inscription Gavel itself made keeps its record (and its payment history).
  await prisma.inscription.deleteMany({ where: { inscriptionId: { in: previous }, commitAddress: null } });
  const synced = await syncSellerWallet(services, seller.ordinals.address);
  await announceLotsChanged(services.redis, services.config.redisPrefix);
  return { inscriptions: lots.length, synced, funded };
}

async function syncSellerWallet(services: Services, address: string): Promise<number> {
  const seller = await services.db.prisma.user.findUnique({ where: { email: 'seller@gavel.test' }, select: { id: true } });
  return seller ? (await syncWalletInscriptions(services, seller.id, address)).found : 0;
}

/** The lot's image as the inscription's content (the demo images are small SVGs), else its title. */
async function contentOf(services: Services, lot: { imageUrls: string[]; title: string }) {
  const cid = lot.imageUrls[0]?.match(/^\/ipfs\/(.+)$/)?.[1];
  const file = cid ? await services.contentStore.get(cid) : null;
  return file ? { contentType: file.contentType, body: new Uint8Array(file.bytes) } : { contentType: 'text/plain;charset=utf-8', body: new TextEncoder().encode(lot.title) };
}

/** The demo wallets are linked on every start: a database seeded before they existed gets them too. */
async function linkWallet(services: Services, email: string, address: string) {
  const user = await services.db.prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  await services.db.prisma.wallet.upsert({ where: { address }, update: {}, create: { userId: user.id, address, type: 'xverse', walletName: 'Xverse Wallet' } });
}
