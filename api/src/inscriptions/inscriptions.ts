/**
 * Inscriptions made through Gavel: a created inscription waits for its commit
 * address to be paid, then the watcher signs and broadcasts the reveal and follows it to its confirmation.
 * An unpaid one expires at its deadline, and each user may have only a few waiting at once, so unpaid
 * requests cannot pile up. Every row lives in the Inscription table the admin lists read.
 */
import { randomUUID } from 'node:crypto';
import { INSCRIPTION_POSTAGE_SATS, inscriptionMessages, type InscriptionView } from '@gavel/domain';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { BitcoinAccess, BitcoinConfig } from '../bitcoin/index.ts';
import type { InscriptionConfig } from './config.ts';
import type { Inscription, PrismaClient } from '../generated/prisma/client.ts';
import { EsploraError } from '../bitcoin/index.ts';
import { inscriptionKey, planCommit, signReveal, type Envelope } from './reveal.ts';
import { keptSecret } from '../kept-secret.ts';
import { Refused, notFound } from '../refused.ts';
import { anyCase } from '../wallet/linked.ts';

/** Rows one watch turn looks at: a turn stays well within its interval against a public Esplora. */
const WATCH_BATCH = 200;
/** Statuses a payment to the commit address can still move on: a late payment to an expired request counts. */
const UNPAID = ['pending_payment', 'expired'];

/** What inscriptions are made and watched with: the database, Esplora, the log and the settings they read. */
export interface InscriptionDeps {
  db: Database;
  bitcoin: Pick<BitcoinAccess, 'esplora'>;
  log: Logger;
  config: { inscriptions: InscriptionConfig; bitcoin: Pick<BitcoinConfig, 'network'>; dataDir: string };
}

const secrets = new WeakMap<InscriptionDeps, Promise<string>>();

/** INSCRIPTION_KEY_SECRET, else a random secret kept in the data directory (like the dev JWT secret). */
function keySecret(services: InscriptionDeps): Promise<string> {
  let secret = secrets.get(services);
  if (!secret) {
    secret = services.config.inscriptions.keySecret ? Promise.resolve(services.config.inscriptions.keySecret) : keptSecret(services.config.dataDir, 'inscription-key-secret');
    secrets.set(services, secret);
  }
  return secret;
}

async function envelopeOf(services: InscriptionDeps, row: InscriptionRow): Promise<Envelope> {
  const { content } = await services.db.prisma.inscription.findUniqueOrThrow({ where: { id: row.id }, select: { content: true } });
  return { contentType: row.contentType ?? 'application/octet-stream', body: content! };
}

/**
 * A new request, waiting for its payment until INSCRIPTION_EXPIRY_HOURS from now; refused (conflict) while the user
 * already has INSCRIPTION_OPEN_PER_USER waiting, so one account cannot fill the watcher's turns.
 */
export async function createInscription(
  services: InscriptionDeps,
  userId: string,
  input: { file: { bytes: Buffer; contentType: string; filename: string }; destination: string; feeRate: number },
): Promise<Inscription> {
  const id = randomUUID();
  const network = services.config.bitcoin.network;
  const envelope: Envelope = { contentType: input.file.contentType, body: input.file.bytes };
  const plan = planCommit(inscriptionKey(await keySecret(services), id), envelope, input.destination, input.feeRate, INSCRIPTION_POSTAGE_SATS, network);
  const { openPerUser, expiryMs } = services.config.inscriptions;
  return services.db.prisma.$transaction(async (tx) => {
    // The user locked, so two requests at once cannot both take the last open place.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${userId} FOR NO KEY UPDATE`;
    const now = new Date();
    // One past its deadline is over for the user, though the watcher may not have marked it expired yet.
    const open = await tx.inscription.count({ where: { userId, status: 'pending_payment', expiresAt: { gt: now } } });
    if (open >= openPerUser) throw new Refused('conflict', inscriptionMessages.tooManyOpen(openPerUser), 'too_many_open_inscriptions');
    return tx.inscription.create({
      data: {
        id,
        userId,
        walletAddress: input.destination,
        status: 'pending_payment',
        contentType: envelope.contentType,
        content: new Uint8Array(input.file.bytes),
        fileName: input.file.filename || null,
        fileSize: input.file.bytes.length,
        feeRate: input.feeRate,
        commitAddress: plan.address,
        commitAmount: BigInt(plan.amount),
        revealFee: plan.revealFee,
        expiresAt: new Date(now.getTime() + expiryMs),
      },
    });
  });
}

/** A row as lists read it: everything but the file itself. */
export type InscriptionRow = Omit<Inscription, 'content'>;

export function paymentInstructionsOf(row: InscriptionRow) {
  if (!row.commitAddress || row.commitAmount === null || row.revealFee === null || row.feeRate === null) return null;
  const amount = Number(row.commitAmount);
  return {
    address: row.commitAddress,
    amount,
    postage: amount - row.revealFee,
    revealFee: row.revealFee,
    // Same estimate as planCommit: a one-input payment at the asked rate.
    commitFeeEstimate: 154 * row.feeRate,
    feeRate: row.feeRate,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export function inscriptionView(row: InscriptionRow): InscriptionView {
  return {
    _id: row.id,
    inscriptionId: row.inscriptionId,
    walletAddress: row.walletAddress,
    status: row.status,
    contentType: row.contentType,
    fileName: row.fileName,
    size: row.fileSize,
    ipfsUrl: row.ipfsUrl,
    gatewayUrl: row.gatewayUrl,
    commitTxid: row.commitTxid,
    revealTxid: row.revealTxid,
    paymentInstructions: paymentInstructionsOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sats at the commit address and the output that pays the amount, if any (with its confirmations). */
export async function commitPayment(services: InscriptionDeps, row: InscriptionRow) {
  const utxos = await services.bitcoin.esplora.addressUtxos(row.commitAddress!);
  const required = Number(row.commitAmount);
  const received = utxos.reduce((sum, u) => sum + u.value, 0);
  // The reveal spends one output, so one output must carry the whole amount.
  const paying = utxos.filter((u) => u.value >= required).sort((a, b) => Number(b.status.confirmed) - Number(a.status.confirmed))[0] ?? null;
  let confirmations: number | null = null;
  if (paying) confirmations = paying.status.confirmed ? await services.bitcoin.esplora.confirmations(paying.txid) : 0;
  return { received, required, paying, confirmations };
}

/**
 * One look at a request waiting for its payment (or expired a short while ago). Paid, with the configured
 * confirmations: the reveal is signed and broadcast. Unpaid past its deadline: expired; a payment already
 * seen, even unconfirmed, holds the request open until it confirms.
 */
async function checkPayment(services: InscriptionDeps, row: InscriptionRow, now: Date): Promise<void> {
  const { paying, confirmations } = await commitPayment(services, row);
  if (!paying) {
    if (row.status === 'pending_payment' && row.expiresAt && row.expiresAt <= now) {
      await services.db.prisma.inscription.updateMany({ where: { id: row.id, status: 'pending_payment' }, data: { status: 'expired' } });
    }
    return;
  }
  if ((confirmations ?? 0) >= services.config.inscriptions.paymentConfirmations) await reveal(services, row, paying);
}

/**
 * Signs and broadcasts the reveal spending the paid commit output. Safe to run twice: the row moves on only
 * while unpaid, and a reveal Esplora already has is the same transaction (its txid does not depend on the
 * random Schnorr nonce, witness data is not hashed).
 */
async function reveal(services: InscriptionDeps, row: InscriptionRow, paying: { txid: string; vout: number; value: number }): Promise<void> {
  const key = inscriptionKey(await keySecret(services), row.id);
  const signed = signReveal(key, await envelopeOf(services, row), paying, row.walletAddress, row.revealFee!, services.config.bitcoin.network);
  const now = new Date();
  try {
    await services.bitcoin.esplora.broadcast(signed.hex);
  } catch (error) {
    if (error instanceof EsploraError && error.status === 400) {
      if ((await services.bitcoin.esplora.confirmations(signed.txid)) === null) {
        await services.db.prisma.inscription.updateMany({ where: { id: row.id, status: { in: UNPAID } }, data: { status: 'failed', failure: error.body.slice(0, 500) } });
        return;
      }
    } else throw error;
  }
  await services.db.prisma.inscription.updateMany({
    where: { id: row.id, status: { in: UNPAID } },
    data: { status: 'revealed', commitTxid: paying.txid, commitVout: paying.vout, revealTxid: signed.txid, inscriptionId: `${signed.txid}i0`, paidAt: now, revealedAt: now },
  });
}

/** A broadcast reveal found mined makes the inscription confirmed. */
async function confirmIfMined(services: InscriptionDeps, row: InscriptionRow): Promise<void> {
  const confirmations = await services.bitcoin.esplora.confirmations(row.revealTxid!);
  if (confirmations !== null && confirmations > 0) {
    await services.db.prisma.inscription.updateMany({ where: { id: row.id, status: 'revealed' }, data: { status: 'confirmed', confirmedAt: new Date() } });
  }
}

/**
 * One turn of the watcher: the WATCH_BATCH least recently checked of the requests waiting for payment, those
 * expired less than INSCRIPTION_LATE_PAYMENT_HOURS ago and the unconfirmed reveals. Taking the least recently
 * checked, never-checked first, every row is looked at within a few turns however many wait, so a paid
 * request is not kept behind older unpaid ones. The batch is marked checked before it is looked at: a row
 * whose check keeps failing goes to the back like any other, and a turn starting while this one runs takes
 * the next rows rather than the same.
 */
export async function watchInscriptions(services: InscriptionDeps): Promise<void> {
  const { prisma } = services.db;
  const now = new Date();
  const rows = await prisma.inscription.findMany({
    where: {
      OR: [
        { status: 'pending_payment', commitAddress: { not: null } },
        { status: 'expired', expiresAt: { gt: new Date(now.getTime() - services.config.inscriptions.latePaymentMs) } },
        { status: 'revealed', revealTxid: { not: null } },
      ],
    },
    orderBy: [{ checkedAt: { sort: 'asc', nulls: 'first' } }, { createdAt: 'asc' }],
    take: WATCH_BATCH,
    omit: { content: true },
  });
  if (rows.length === 0) return;
  await prisma.inscription.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { checkedAt: now } });
  for (const row of rows) {
    try {
      if (row.status === 'revealed') await confirmIfMined(services, row);
      else await checkPayment(services, row, now);
    } catch (error) {
      services.log.warn({ inscription: row.id, err: (error as Error).message }, 'inscription watch failed; next turn retries');
    }
  }
}

/** Most inscriptions a list answers, newest first. */
const LISTED = 200;

/** One inscription by Gavel's id or its inscription id, without its content; otherwise refused as not found. */
export async function findInscription(prisma: PrismaClient, id: string): Promise<InscriptionRow> {
  const row = await prisma.inscription.findFirst({ where: { OR: [{ id }, { inscriptionId: id }] }, omit: { content: true } });
  if (!row) throw notFound(inscriptionMessages.notFound);
  return row;
}

/** The user's inscriptions (created or synced), newest first. */
export async function inscriptionsOfUser(prisma: PrismaClient, userId: string): Promise<InscriptionView[]> {
  const rows = await prisma.inscription.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: LISTED, omit: { content: true } });
  return rows.map(inscriptionView);
}

/** The inscriptions Gavel knows at a wallet address (the destination, or the holder found by sync), newest first. */
export async function inscriptionsAt(prisma: PrismaClient, address: string): Promise<InscriptionView[]> {
  const rows = await prisma.inscription.findMany({ where: { walletAddress: anyCase(address) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: LISTED, omit: { content: true } });
  return rows.map(inscriptionView);
}
