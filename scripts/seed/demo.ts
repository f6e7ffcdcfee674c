/**
 * Loads the demo marketplace into an empty database: accounts, events, lots with images in the content
 * store, bids and results for ended lots, and the CMS pages with the policies in force. Does nothing if any
 * auction event exists.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import type { Database } from '../../api/src/db/client.ts';
import type { ContentStore } from '../../api/src/storage/content-store.ts';
import { demoAccounts, DEMO_PASSWORD } from './accounts.ts';
import { seedCmsPages } from './cms-pages.ts';
import { eventPlans, lotPlans, times, type LotPlan } from './catalogue.ts';

const IMAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'images');

export interface SeedResult {
  seeded: boolean;
  lots: number;
  events: number;
}

export async function seedDemo(db: Database, store: ContentStore, now: Date = new Date()): Promise<SeedResult> {
  const { prisma } = db;
  if ((await prisma.auctionEvent.count()) > 0) return { seeded: false, lots: 0, events: 0 };

  const imageUrls = await storeImages(store);
  const users = await createAccounts(db);
  const seller = users.get('seller@gavel.test')!;
  const bidders = [users.get('bidder@gavel.test')!, users.get('collector@gavel.test')!];

  const events = new Map<string, string>();
  for (const plan of eventPlans) {
    const startTime = new Date(now.getTime() + plan.startOffset);
    const endTime = new Date(now.getTime() + plan.endOffset);
    const status = endTime <= now ? 'ended' : startTime <= now ? 'live' : 'upcoming';
    const event = await prisma.auctionEvent.create({
      data: {
        slug: plan.slug,
        title: plan.title,
        description: plan.description,
        status,
        published: true,
        startTime,
        endTime,
        coverImageUrl: imageUrls[(eventPlans.indexOf(plan) * 3) % imageUrls.length],
      },
    });
    events.set(plan.slug, event.id);
  }

  const plans = lotPlans();
  for (const [index, plan] of plans.entries()) {
    const eventPlan = eventPlans.find((e) => e.slug === plan.event)!;
    const { startTime, endTime } = lotWindow(plan, index, eventPlan, now);
    const lot = await prisma.lot.create({
      data: {
        auctionEventId: events.get(plan.event)!,
        title: plan.title,
        description: plan.description,
        status: plan.phase === 'live' ? 'live' : plan.phase === 'upcoming' ? 'upcoming' : 'ended',
        published: true,
        auctionType: plan.onchain ? 'onchain' : 'offchain',
        paymentMethod: plan.paymentMethod,
        startingBid: plan.startingBid.toString(),
        currentPrice: plan.startingBid.toString(),
        reservePrice: plan.reservePrice?.toString() ?? null,
        estimateLow: plan.estimate?.[0].toString() ?? null,
        estimateHigh: plan.estimate?.[1].toString() ?? null,
        buyNowEnabled: plan.buyNowPrice !== undefined,
        buyNowPrice: plan.buyNowPrice?.toString() ?? null,
        startTime,
        endTime,
        imageUrls: [imageUrls[plan.image % imageUrls.length]!],
        inscriptionId: plan.inscriptionId ?? null,
        sellerWalletAddress: plan.paymentMethod === 'ETH' ? seller.evmAddress : seller.btcAddress,
        creatorId: seller.id,
        closedAt: plan.phase.startsWith('ended') ? endTime : null,
      },
    });
    await placeDemoBids(db, lot.id, plan, index, bidders, startTime, endTime);
  }

  await seedCmsPages(prisma);
  return { seeded: true, lots: plans.length, events: eventPlans.length };
}

/** Live lots end at staggered times (2 h to 4 days) so countdowns differ; upcoming ones open within 2 days. */
function lotWindow(plan: LotPlan, index: number, event: { startOffset: number; endOffset: number }, now: Date) {
  const at = (offset: number) => new Date(now.getTime() + offset);
  const eventEnd = event.endOffset;
  switch (plan.phase) {
    case 'live':
      return { startTime: at(event.startOffset), endTime: at(Math.min(eventEnd, 2 * times.HOUR + (index % 12) * 8 * times.HOUR)) };
    case 'upcoming':
      return { startTime: at(6 * times.HOUR + (index % 4) * 9 * times.HOUR), endTime: at(eventEnd) };
    default:
      return { startTime: at(event.startOffset), endTime: at(event.endOffset - (index % 5) * times.HOUR) };
  }
}

type DemoUser = { id: string; evmAddress?: string; btcAddress?: string };

/**
 * Ended lots with a winner get a short bidding war closed above the reserve; reserve-not-met lots get bids
 * below it; some live lots get bids. Lot price, bid count and statuses are kept consistent with the bids.
 */
async function placeDemoBids(db: Database, lotId: string, plan: LotPlan, index: number, bidders: DemoUser[], start: Date, end: Date) {
  const live = plan.phase === 'live' && index % 3 !== 1;
  const bidCount = plan.phase === 'endedWithWinner' ? 4 : plan.phase === 'endedReserveNotMet' ? 2 : live ? 1 + (index % 3) : 0;
  if (bidCount === 0) return;
  const step = plan.paymentMethod === 'ETH' ? 10n ** 15n : plan.paymentMethod === 'BTC' ? 2_500n : 1_000n;
  let amount = plan.phase === 'endedWithWinner' ? (plan.reservePrice ?? plan.startingBid) : plan.startingBid;
  const span = Math.max(1, Math.min(end.getTime(), Date.now()) - start.getTime());
  let last: { id: string; userId: string; amount: bigint; wallet: string | null } | null = null;
  for (let n = 0; n < bidCount; n++) {
    const bidder = bidders[n % 2]!;
    const wallet = plan.paymentMethod === 'ETH' ? bidder.evmAddress! : plan.paymentMethod === 'BTC' ? bidder.btcAddress! : null;
    const bid = await db.prisma.bid.create({
      data: {
        lotId,
        userId: bidder.id,
        amount: amount.toString(),
        walletAddress: wallet,
        status: n === bidCount - 1 ? 'active' : 'outbid',
        createdAt: new Date(start.getTime() + (span * (n + 1)) / (bidCount + 1)),
      },
    });
    last = { id: bid.id, userId: bidder.id, amount, wallet };
    amount += step;
  }
  const won = plan.phase === 'endedWithWinner' && last;
  await db.prisma.lot.update({
    where: { id: lotId },
    data: {
      currentBid: last!.amount.toString(),
      currentPrice: last!.amount.toString(),
      bidCount,
      ...(won ? { winnerId: last!.userId, winnerWalletAddress: last!.wallet, winningBidId: last!.id, soldPrice: last!.amount.toString(), paid: index % 2 === 0 } : {}),
    },
  });
}

async function storeImages(store: ContentStore): Promise<string[]> {
  const files = (await readdir(IMAGES_DIR)).filter((f) => f.endsWith('.svg')).sort();
  const urls: string[] = [];
  for (const file of files) urls.push(`/ipfs/${await store.put(await readFile(path.join(IMAGES_DIR, file)), 'image/svg+xml')}`);
  return urls;
}

async function createAccounts(db: Database): Promise<Map<string, DemoUser>> {
  const passwordHash = await hash(DEMO_PASSWORD);
  const users = new Map<string, DemoUser>();
  for (const account of demoAccounts) {
    const ready = account.role !== 'admin';
    const user = await db.prisma.user.create({
      data: {
        email: account.email,
        passwordHash,
        emailVerified: true,
        firstName: account.firstName,
        lastName: account.lastName,
        name: `${account.firstName} ${account.lastName}`,
        role: account.role,
        title: account.title,
        country: 'United Kingdom',
        city: 'London',
        address: '1 Auction Lane',
        postCode: 'EC1A 1AA',
        phoneNumber: '+44 20 7946 0000',
        dateOfBirth: new Date('1990-04-12'),
        isProfileComplete: true,
        identityVerified: ready,
        kycStatus: ready ? 'approved' : 'not_submitted',
        // No card until one is saved at Stripe (demo-cards.ts, at each start with the stand-in), as the api enforces.
        hasValidPaymentMethod: false,
        paymentMethodVerified: false,
        termsAccepted: ready,
        termsAcceptedAt: ready ? new Date() : null,
        biddingFor: ready ? 'myself' : null,
        // The demo's ready bidders may also bid without a card (pay-later) up to $50,000.
        biddingLimit: ready ? '5000000' : '0',
      },
    });
    const evmAddress = 'evmAddress' in account ? account.evmAddress : undefined;
    const btcAddress = 'btcAddress' in account ? account.btcAddress : undefined;
    if (evmAddress) await db.prisma.wallet.create({ data: { userId: user.id, address: evmAddress, type: 'evm', walletName: 'MetaMask' } });
    if (btcAddress) await db.prisma.wallet.create({ data: { userId: user.id, address: btcAddress, type: 'xverse', walletName: 'Xverse Wallet' } });
    users.set(account.email, { id: user.id, evmAddress, btcAddress });
  }
  return users;
}
