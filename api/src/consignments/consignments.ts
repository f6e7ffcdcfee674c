/**
 * Consignment intake: a signed-in user offers an item (the Sell page); an admin reviews it and accepts it into an
 * auction event as a lot whose creator (the seller) is the consignor, or declines it with a reason the consignor is
 * mailed. A review happens once: the status moves from submitted by one conditional update, so two admins
 * deciding at once cannot both win (the loser is refused, conflict, and nothing is written for them).
 */
import {
  consignmentMessages as m,
  dollarsToCents,
  paymentMethodForHolding,
  type AdminConsignment,
  type Consignment,
  type ConsignmentAcceptBody,
  type ConsignmentBody,
  type LotCreateBody,
} from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';
import type { Logger } from 'pino';
import type { Mailer } from '../mail/mailer.ts';
import { Refused, notFound } from '../refused.ts';
import { createLot, type LotWrites } from '../admin/lot-writes.ts';
import { consignmentDeclinedMail } from '../mail/templates.ts';

/** What consignments work with: accepting one writes its lot, declining one mails its consignor. */
type ConsignmentDeps = LotWrites & { config: { storage: { imageGateway: string } }; mailer: Pick<Mailer, 'enqueue'>; log: Logger };

const withConsignor = { user: { select: { id: true, email: true, name: true, firstName: true, lastName: true } }, lot: { select: { auctionEventId: true } } } as const;
type Row = P.ConsignmentGetPayload<{ include: typeof withConsignor }>;
type PlainRow = P.ConsignmentGetPayload<object>;

const dollars = (cents: number | null) => (cents === null ? null : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

export function presentConsignment(row: PlainRow): Consignment {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrls: row.imageUrls,
    estimateLow: dollars(row.estimateLowCents),
    estimateHigh: dollars(row.estimateHighCents),
    holding: row.holding,
    inscriptionId: row.inscriptionId,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    status: row.status,
    declineReason: row.declineReason,
    lotId: row.lotId,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentForAdmin(row: Row): AdminConsignment {
  const { user } = row;
  const name = user.name ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || null);
  return { ...presentConsignment(row), consignor: { userId: user.id, email: user.email, name }, auctionEventId: row.lot?.auctionEventId ?? null };
}

/**
 * Images must be ones this api stored (POST /consignments/images: the upload checks of every image), never an
 * outside address a consignor typed: the admin's review pages load them.
 */
function checkImages(urls: string[], gateway: string): void {
  const ours = (url: string) => /^\/ipfs\/[A-Za-z0-9]+$/.test(url) || (gateway !== '' && url.startsWith(`${gateway}/ipfs/`) && /^[A-Za-z0-9]+$/.test(url.slice(gateway.length + 6)));
  if (!urls.every(ours)) throw new Refused('invalid', m.imageUrl, 'validation_failed', { imageUrls: m.imageUrl });
}

export async function submitConsignment(services: ConsignmentDeps, userId: string, body: ConsignmentBody): Promise<Consignment> {
  const imageUrls = body.imageUrls ?? [];
  checkImages(imageUrls, services.config.storage.imageGateway);
  const row = await services.db.prisma.consignment.create({
    data: {
      userId,
      title: body.title,
      description: body.description,
      imageUrls,
      // The schema has refused anything that is not an amount: here an estimate is cents or absent.
      estimateLowCents: dollarsToCents(body.estimateLow) ?? null,
      estimateHighCents: dollarsToCents(body.estimateHigh) ?? null,
      holding: body.holding,
      inscriptionId: body.holding === 'inscription' ? (body.inscriptionId ?? null) : null,
      contractAddress: body.holding === 'nft' ? (body.contractAddress ?? null) : null,
      tokenId: body.holding === 'nft' ? (body.tokenId ?? null) : null,
    },
  });
  return presentConsignment(row);
}

export async function myConsignments(services: ConsignmentDeps, userId: string): Promise<Consignment[]> {
  const rows = await services.db.prisma.consignment.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: 200 });
  return rows.map(presentConsignment);
}

/** One consignment for its consignor; someone else's is not found, as if it did not exist. */
export async function myConsignment(services: ConsignmentDeps, userId: string, id: string): Promise<Consignment> {
  const row = await services.db.prisma.consignment.findFirst({ where: { id, userId } });
  if (!row) throw notFound(m.notFound);
  return presentConsignment(row);
}

export async function listConsignments(services: ConsignmentDeps, query: { status?: Consignment['status']; page?: number; limit?: number }) {
  const { prisma } = services.db;
  const limit = query.limit ?? 20;
  const offset = ((query.page ?? 1) - 1) * limit;
  const where = query.status ? { status: query.status } : {};
  const [rows, total] = await Promise.all([
    prisma.consignment.findMany({ where, include: withConsignor, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    prisma.consignment.count({ where }),
  ]);
  return { rows: rows.map(presentForAdmin), total, limit, offset };
}

export async function adminConsignment(services: ConsignmentDeps, id: string): Promise<AdminConsignment> {
  const row = await services.db.prisma.consignment.findUnique({ where: { id }, include: withConsignor });
  if (!row) throw notFound(m.notFound);
  return presentForAdmin(row);
}

/**
 * Accept: the consignment is claimed first (submitted -> accepted), then the lot is made through the admin lot form's
 * own rules (createLot) with the consignor as its creator; a lot the form refuses hands the claim back, so the
 * admin can correct the figures and try again.
 */
export async function acceptConsignment(services: ConsignmentDeps, adminId: string, id: string, body: ConsignmentAcceptBody): Promise<AdminConsignment> {
  const { prisma } = services.db;
  const row = await prisma.consignment.findUnique({ where: { id } });
  if (!row) throw notFound(m.notFound);
  const { count } = await prisma.consignment.updateMany({ where: { id, status: 'submitted' }, data: { status: 'accepted', reviewedById: adminId, reviewedAt: new Date() } });
  if (count === 0) throw new Refused('conflict', m.alreadyReviewed, 'already_reviewed');
  const paymentMethod = body.paymentMethod ?? paymentMethodForHolding(row.holding);
  // The consignor's estimate is in dollars: it becomes the lot's only when the lot is sold in dollars.
  const estimate = (cents: number | null) => (paymentMethod === 'Manual' ? dollars(cents) : null);
  const { auctionEventId, ...given } = body;
  const lotBody: LotCreateBody = {
    ...given,
    paymentMethod,
    title: body.title ?? row.title,
    description: body.description ?? row.description,
    imageUrls: body.imageUrls ?? row.imageUrls,
    estimateLow: body.estimateLow !== undefined ? body.estimateLow : estimate(row.estimateLowCents),
    estimateHigh: body.estimateHigh !== undefined ? body.estimateHigh : estimate(row.estimateHighCents),
    inscriptionId: body.inscriptionId !== undefined ? body.inscriptionId : row.inscriptionId,
    contractAddress: body.contractAddress !== undefined ? body.contractAddress : row.contractAddress,
    tokenId: body.tokenId !== undefined ? body.tokenId : row.tokenId,
  };
  let lotId: string;
  try {
    lotId = (await createLot(services, { id: row.userId }, auctionEventId, lotBody)).id;
  } catch (error) {
    await prisma.consignment.update({ where: { id }, data: { status: 'submitted', reviewedById: null, reviewedAt: null } });
    throw error;
  }
  await prisma.consignment.update({ where: { id }, data: { lotId } });
  return adminConsignment(services, id);
}

/** Decline: the status and the consignor's mail are written in one transaction; the mail is sent after it. */
export async function declineConsignment(services: ConsignmentDeps, adminId: string, id: string, reason: string): Promise<AdminConsignment> {
  const { prisma } = services.db;
  const mailId = await prisma.$transaction(async (tx) => {
    const row = await tx.consignment.findUnique({ where: { id }, include: { user: { select: { email: true } } } });
    if (!row) throw notFound(m.notFound);
    const { count } = await tx.consignment.updateMany({ where: { id, status: 'submitted' }, data: { status: 'declined', declineReason: reason, reviewedById: adminId, reviewedAt: new Date() } });
    if (count === 0) throw new Refused('conflict', m.alreadyReviewed, 'already_reviewed');
    return (await tx.outboxMail.create({ data: consignmentDeclinedMail(row.user.email, row.title, reason) })).id;
  });
  // A mail not queued now is queued by the worker's reconcile loop: its outbox row is written.
  await services.mailer.enqueue(mailId).catch((err: Error) => services.log.warn({ err: err.message, outboxId: mailId }, 'consignment declined mail not queued'));
  return adminConsignment(services, id);
}
