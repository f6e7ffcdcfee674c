/**
 * Inscriptions made through Gavel: a created inscription waits for its commit
 * address to be paid, then the watcher signs and broadcasts the reveal and follows it to its confirmation.
 * Every row lives in the Inscription table the admin lists read.
 */
import { randomUUID } from 'node:crypto';
import { INSCRIPTION_POSTAGE_SATS, type InscriptionView } from '@gavel/domain';
import type { Services } from '../services.ts';
import type { Inscription } from '../generated/prisma/client.ts';
import { EsploraError } from '../bitcoin/index.ts';
import { inscriptionKey, planCommit, signReveal, type Envelope } from './reveal.ts';
import { keptSecret } from '../kept-secret.ts';

const secrets = new WeakMap<Services, Promise<string>>();

/** INSCRIPTION_KEY_SECRET, else a random secret kept in the data directory (like the dev JWT secret). */
function keySecret(services: Services): Promise<string> {
  let secret = secrets.get(services);
  if (!secret) {
    secret = services.config.inscriptions.keySecret ? Promise.resolve(services.config.inscriptions.keySecret) : keptSecret(services.config.dataDir, 'inscription-key-secret');
    secrets.set(services, secret);
  }
  return secret;
}

function envelopeOf(row: Pick<Inscription, 'contentType' | 'content'>): Envelope {
  return { contentType: row.contentType ?? 'application/octet-stream', body: row.content! };
}

export async function createInscription(
  services: Services,
  userId: string,
  input: { file: { bytes: Buffer; contentType: string; filename: string }; destination: string; feeRate: number },
): Promise<Inscription> {
  const id = randomUUID();
  const network = services.config.bitcoin.network;
  const envelope: Envelope = { contentType: input.file.contentType, body: input.file.bytes };
  const plan = planCommit(inscriptionKey(await keySecret(services), id), envelope, input.destination, input.feeRate, INSCRIPTION_POSTAGE_SATS, network);
  return services.db.prisma.inscription.create({
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
    },
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
export async function commitPayment(services: Services, row: InscriptionRow) {
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
 * One look at an unpaid inscription: paid (with the configured confirmations), the reveal is signed and
 * broadcast. Safe to run twice: the row moves on only from pending_payment, and a reveal Esplora already has
 * is the same transaction (its txid does not depend on the random Schnorr nonce, witness data is not hashed).
 */
export async function revealIfPaid(services: Services, row: Inscription): Promise<void> {
  const { paying, confirmations } = await commitPayment(services, row);
  if (!paying || (confirmations ?? 0) < services.config.inscriptions.paymentConfirmations) return;
  const key = inscriptionKey(await keySecret(services), row.id);
  const reveal = signReveal(key, envelopeOf(row), paying, row.walletAddress, row.revealFee!, services.config.bitcoin.network);
  const now = new Date();
  try {
    await services.bitcoin.esplora.broadcast(reveal.hex);
  } catch (error) {
    if (error instanceof EsploraError && error.status === 400) {
      if ((await services.bitcoin.esplora.confirmations(reveal.txid)) === null) {
        await services.db.prisma.inscription.updateMany({ where: { id: row.id, status: 'pending_payment' }, data: { status: 'failed', failure: error.body.slice(0, 500) } });
        return;
      }
    } else throw error;
  }
  await services.db.prisma.inscription.updateMany({
    where: { id: row.id, status: 'pending_payment' },
    data: { status: 'revealed', commitTxid: paying.txid, commitVout: paying.vout, revealTxid: reveal.txid, inscriptionId: `${reveal.txid}i0`, paidAt: now, revealedAt: now },
  });
}

/** A broadcast reveal found mined makes the inscription confirmed. */
export async function confirmIfMined(services: Services, row: Inscription): Promise<void> {
  const confirmations = await services.bitcoin.esplora.confirmations(row.revealTxid!);
  if (confirmations !== null && confirmations > 0) {
    await services.db.prisma.inscription.updateMany({ where: { id: row.id, status: 'revealed' }, data: { status: 'confirmed', confirmedAt: new Date() } });
  }
}

/** One turn of the watcher: every unpaid commit and every unconfirmed reveal, oldest first. */
export async function watchInscriptions(services: Services): Promise<void> {
  const rows = await services.db.prisma.inscription.findMany({
    where: { OR: [{ status: 'pending_payment', commitAddress: { not: null } }, { status: 'revealed', revealTxid: { not: null } }] },
    orderBy: { createdAt: 'asc' },
    take: 200,
  });
  for (const row of rows) {
    try {
      if (row.status === 'pending_payment') await revealIfPaid(services, row);
      else await confirmIfMined(services, row);
    } catch (error) {
      services.log.warn({ inscription: row.id, err: (error as Error).message }, 'inscription watch failed; next turn retries');
    }
  }
}
