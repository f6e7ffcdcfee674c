/**
 * The admin dashboard's figures: platform, auction and KYC statistics, counted by
 * PostgreSQL with grouped queries (a handful of round trips whatever the table sizes). Lot statuses follow
 * the lot clock; money is summed in the smallest unit and sent in each currency's display unit.
 */
import { KYC_STATUSES, PAYMENT_METHODS, formatAmount, unitFor, type AuctionStats, type KycStats, type PaymentMethod, type PlatformStats, type RelayerExposure } from '@gavel/domain';
import type { Database } from '../db/client.ts';

/**
 * What the auction figures read from other parts of the house: the relayer's wins left unpaid and the
 * degradation record (every process's episodes), given by the caller so this module depends on neither.
 */
export interface AuctionStatsSources {
  relayerExposure(): Promise<RelayerExposure[]>;
  degradations(): Promise<Array<{ dependency: string; process: string; reason: string; since: Date; until: Date | null; durationMs: number }>>;
}

const PHASES = ['upcoming', 'live', 'ended', 'cancelled'] as const;

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
/** Bids as bidders placed them: a row a leader's change of maximum replaced was no new bid. */
const COUNTED_BIDS = { status: { not: 'replaced' } } as const;
const startOfToday = () => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d;
};

/** Lots by clock phase and by payment method. */
async function lotCounts(db: Database) {
  const rows = await db.sql<{ phase: (typeof PHASES)[number]; method: PaymentMethod; n: number }>(
    `SELECT CASE WHEN status = 'cancelled' THEN 'cancelled'
                 WHEN status = 'ended' OR "endTime" <= now() THEN 'ended'
                 WHEN "startTime" <= now() THEN 'live' ELSE 'upcoming' END AS phase,
            "paymentMethod"::text AS method, count(*)::int AS n
       FROM "Lot" GROUP BY 1, 2`,
  );
  const byStatus = zeros(PHASES);
  const byPaymentMethod = zeros(PAYMENT_METHODS);
  for (const r of rows) {
    byStatus[r.phase] += r.n;
    byPaymentMethod[r.method] += r.n;
  }
  return { byStatus, byPaymentMethod, total: rows.reduce((t, r) => t + r.n, 0) };
}

/** Gross sales: the sold price of every won lot, per currency, and the part already paid. */
async function sales(db: Database) {
  const rows = await db.sql<{ method: PaymentMethod; lots: number; gross: string; paid: string }>(
    `SELECT "paymentMethod"::text AS method, count(*)::int AS lots, coalesce(sum("soldPrice"), 0)::text AS gross,
            coalesce(sum("soldPrice") FILTER (WHERE paid), 0)::text AS paid
       FROM "Lot" WHERE status = 'ended' AND "soldPrice" IS NOT NULL GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => {
    const unit = unitFor(r.method);
    return { paymentMethod: r.method, unit, lotsSold: r.lots, gross: formatAmount(BigInt(r.gross), unit), paid: formatAmount(BigInt(r.paid), unit) };
  });
}

async function kycCounts(db: Database) {
  const rows = await db.prisma.user.groupBy({ by: ['kycStatus'], _count: { _all: true } });
  const byStatus = zeros(KYC_STATUSES);
  for (const r of rows) byStatus[r.kycStatus] = r._count._all;
  return byStatus;
}

/** Users by KYC status, events, lots by status and payment method, bids today, gross sales by currency. */
export async function platformStats(db: Database): Promise<PlatformStats> {
  const { prisma } = db;
  const today = startOfToday();
  const [users, admins, newToday, byKycStatus, events, publishedEvents, lots, publishedLots, bids, bidsToday, gross] = await Promise.all([
    prisma.user.count(),
    prisma.user.count({ where: { role: 'admin' } }),
    prisma.user.count({ where: { createdAt: { gte: today } } }),
    kycCounts(db),
    prisma.auctionEvent.count(),
    prisma.auctionEvent.count({ where: { published: true } }),
    lotCounts(db),
    prisma.lot.count({ where: { published: true } }),
    prisma.bid.count({ where: COUNTED_BIDS }),
    prisma.bid.count({ where: { ...COUNTED_BIDS, createdAt: { gte: today } } }),
    sales(db),
  ]);
  return {
    users: { total: users, admins, newToday, byKycStatus },
    auctionEvents: { total: events, published: publishedEvents },
    lots: { total: lots.total, published: publishedLots, byStatus: lots.byStatus, byPaymentMethod: lots.byPaymentMethod },
    bids: { total: bids, today: bidsToday },
    sales: gross,
  };
}

/**
 * Lots by status and payment method, bids today, lots ending within 24 h, settlement progress, gross sales,
 * relayed wins left unpaid, and the dependencies degraded (from every process's record) and for how long.
 */
export async function auctionStats(db: Database, sources: AuctionStatsSources): Promise<AuctionStats> {
  const { prisma } = db;
  const now = new Date();
  const ended = { status: 'ended' as const };
  const won = { ...ended, OR: [{ winnerId: { not: null } }, { winnerWalletAddress: { not: null } }] };
  const [lots, bidsToday, endingWithin24h, noWinner, awaitingPayment, awaitingTransfer, complete, gross, exposure, degradations] = await Promise.all([
    lotCounts(db),
    prisma.bid.count({ where: { ...COUNTED_BIDS, createdAt: { gte: startOfToday() } } }),
    prisma.lot.count({ where: { status: { in: ['upcoming', 'live'] }, endTime: { gt: now, lte: new Date(now.getTime() + 86_400_000) } } }),
    prisma.lot.count({ where: { ...ended, winnerId: null, winnerWalletAddress: null } }),
    prisma.lot.count({ where: { ...won, paid: false } }),
    prisma.lot.count({ where: { ...won, paid: true, transferred: false } }),
    prisma.lot.count({ where: { ...won, transferred: true } }),
    sales(db),
    sources.relayerExposure(),
    sources.degradations(),
  ]);
  return {
    byStatus: lots.byStatus,
    byPaymentMethod: lots.byPaymentMethod,
    bidsToday,
    endingWithin24h,
    settlement: { no_winner: noWinner, awaiting_payment: awaitingPayment, awaiting_transfer: awaitingTransfer, complete },
    sales: gross,
    relayerExposure: exposure,
    degradations: degradations.map((d) => ({ ...d, since: d.since.toISOString(), until: d.until?.toISOString() ?? null })),
  };
}

/** Users by KYC status, payment verification, identity checks waiting for review. */
export async function kycStats(db: Database): Promise<KycStats> {
  const { prisma } = db;
  const [byStatus, paymentMethodVerified, withPaymentMethod, pendingReviews] = await Promise.all([
    kycCounts(db),
    prisma.user.count({ where: { paymentMethodVerified: true } }),
    prisma.user.count({ where: { hasValidPaymentMethod: true } }),
    prisma.identityVerification.count({ where: { status: 'pending' } }),
  ]);
  return { byStatus, paymentMethodVerified, withPaymentMethod, pendingReviews };
}
