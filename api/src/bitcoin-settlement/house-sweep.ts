/**
 * A binding swap's house output swept to the fee address by the worker, in a child transaction that pays for the
 * swap (bitcoin/vault/house-anchor.ts has the rules). The child is sent right after the swap (bitcoin-settlement/vault-settle.ts)
 * and each follower turn looks again: a child lost from the mempool is sent again, one still unconfirmed
 * BITCOIN_CPFP_AFTER_BLOCKS after it was sent is replaced by one paying more (up to BITCOIN_CPFP_MAX_FEE_RATE), and
 * a swap confirmed before any child gets one paying for itself alone. Each child is
 * written (HouseSweep, one row per attempt) before it is sent, so a retried job or a restarted worker sends the same
 * child again or none; a replacement spends the same output, so the chain holds one child at most.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { HouseSweep } from '../generated/prisma/client.ts';
import { EsploraError, type BitcoinAccess, type BitcoinConfig } from '../bitcoin/index.ts';
import type { VaultConfig } from '../bitcoin/vault/config.ts';
import type { Vaults } from '../bitcoin/vault/vaults.ts';
import { addressOfScript, bitcoin, bitcoinjsNetwork } from '../bitcoin/network.ts';
import { scriptOf } from '../bitcoin/offer/build.ts';
import { buildSweep, dustOf, sweepFee, sweepTargetRate, sweepVsize } from '../bitcoin/vault/house-anchor.ts';
import { VAULT_OFFER_HOUSE_OUTPUT } from '../bitcoin/vault/vault-offer.ts';

const BATCH = 100;

/** What sweeping the house output needs: the lot's rows, Esplora, the fee address and limits, and the house's anchor keys. */
export interface HouseSweepDeps {
  db: Database;
  log: Logger;
  bitcoin: Pick<BitcoinAccess, 'esplora'>;
  config: { bitcoin: Pick<BitcoinConfig, 'network' | 'platformFeeAddress'>; vault: Pick<VaultConfig, 'cpfpAfterBlocks' | 'cpfpMaxFeeRate'> };
  vaults: Pick<Vaults, 'houseAnchorOf'>;
}

/**
 * The lot's child, sent, re-sent or replaced as its swap needs; nothing for a swap not sent yet, nor for one whose
 * house output pays no anchor of this worker (an offer built before anchors: it pays the fee address itself).
 */
export async function sweepHouseOutput(services: HouseSweepDeps, lotId: string): Promise<void> {
  const { prisma } = services.db;
  const { esplora } = services.bitcoin;
  const network = services.config.bitcoin.network;
  const lot = await prisma.lot.findUnique({ where: { id: lotId }, select: { swapTxid: true, swapTxHex: true, vaultSwapPsbtHex: true } });
  if (!lot?.swapTxid || !lot.swapTxHex || !lot.vaultSwapPsbtHex || !services.config.bitcoin.platformFeeAddress) return;
  const swapTx = bitcoin.Transaction.fromHex(lot.swapTxHex);
  const houseOut = swapTx.outs[VAULT_OFFER_HOUSE_OUTPUT];
  const houseAddress = houseOut ? addressOfScript(houseOut.script, network) : null;
  const anchor = houseAddress ? services.vaults.houseAnchorOf(houseAddress) : null;
  if (!houseOut || !anchor) return;

  const latest = await prisma.houseSweep.findFirst({ where: { lotId }, orderBy: { attempt: 'desc' } });
  if (latest?.confirmedAt) return;
  const swapConfirmations = await esplora.confirmations(lot.swapTxid);
  // Not in the mempool nor a block: the swap's own follower sends it again first.
  if (swapConfirmations === null) return;
  if (latest) {
    const childConfirmations = await esplora.confirmations(latest.txid);
    if (childConfirmations !== null && childConfirmations > 0) {
      await prisma.houseSweep.update({ where: { id: latest.id }, data: { confirmedAt: new Date() } });
      return;
    }
    if (childConfirmations === null) {
      await send(services, latest);
      return;
    }
    // In the mempool: replaced once it has waited its blocks (paying for its swap, or for itself once the swap is in).
    if ((await esplora.tipHeight()) < latest.sentHeight + services.config.vault.cpfpAfterBlocks) return;
  }

  const targetRate = sweepTargetRate(await esplora.recommendedFees(), services.config.vault.cpfpMaxFeeRate, latest?.feeRate ?? null);
  if (latest && targetRate <= latest.feeRate) return; // at the cap already
  const to = scriptOf(services.config.bitcoin.platformFeeAddress, network, 'platformFeeAddress').script;
  const childVsize = sweepVsize(to);
  const houseValue = Number(houseOut.value);
  const swap = swapConfirmations > 0 ? null : { vsize: swapTx.virtualSize(), fee: swapFeeOf(lot.vaultSwapPsbtHex, swapTx, network) };
  const chosen = sweepFee({ swap, childVsize, houseValue, dust: dustOf(to), targetRate, previousFee: latest?.fee ?? null });
  if (!chosen) {
    services.log.warn({ lotId, houseValue, targetRate }, 'the house output cannot pay a child for this swap: it may confirm slowly');
    return;
  }
  const child = buildSweep({ txid: lot.swapTxid, vout: VAULT_OFFER_HOUSE_OUTPUT, value: houseValue, script: houseOut.script }, to, chosen.fee, anchor, network);
  const row = await prisma.houseSweep
    .create({
      data: {
        lotId,
        attempt: (latest?.attempt ?? 0) + 1,
        txid: child.txid,
        txHex: child.txHex,
        fee: chosen.fee,
        vsize: child.vsize,
        feeRate: targetRate,
        short: chosen.short,
        sentHeight: await esplora.tipHeight(),
      },
    })
    .catch((error: unknown) => {
      // Another run wrote this attempt first: that child is the one, and that run sends it.
      if ((error as { code?: string }).code === 'P2002') return null;
      throw error;
    });
  if (!row) return;
  if (chosen.short) services.log.warn({ lotId, fee: chosen.fee, targetRate }, 'the house output pays all it can for this swap, short of the estimate: it may confirm slowly');
  await send(services, row);
}

/**
 * Sends a recorded child. The latest one the node refuses for good (its output spent by an earlier child that
 * confirmed meanwhile) is forgotten, so the earlier one counts again; one a later attempt has replaced (a turn that
 * read it before the replacement) stays on record as replaced.
 */
async function send(services: HouseSweepDeps, child: HouseSweep): Promise<void> {
  const { esplora } = services.bitcoin;
  try {
    await esplora.broadcast(child.txHex);
  } catch (error) {
    if (!(error instanceof EsploraError && error.status === 400)) throw error;
    if ((await esplora.confirmations(child.txid)) !== null) return;
    const { count } = await services.db.prisma.houseSweep.deleteMany({
      where: { id: child.id, lot: { houseSweeps: { none: { attempt: { gt: child.attempt } } } } },
    });
    if (count > 0) services.log.warn({ lotId: child.lotId, txid: child.txid, reason: error.body }, 'a child of a binding swap was refused');
  }
}

/** The swap's fee: its inputs (as the co-signed PSBT names them) less its outputs. */
function swapFeeOf(psbtHex: string, swapTx: bitcoin.Transaction, network: BitcoinConfig['network']): number {
  const psbt = bitcoin.Psbt.fromHex(psbtHex, { network: bitcoinjsNetwork(network) });
  const paid = psbt.data.inputs.reduce((sum, input) => sum + Number(input.witnessUtxo!.value), 0);
  return paid - swapTx.outs.reduce((sum, out) => sum + Number(out.value), 0);
}

/** One follower turn over binding swaps whose child has not confirmed: each is looked at as sweepHouseOutput says. */
export async function followHouseSweeps(services: HouseSweepDeps): Promise<void> {
  const lots = await services.db.prisma.lot.findMany({
    where: { paymentMethod: 'BTC', swapTxid: { not: null }, vaultSwapPsbtHex: { not: null }, houseSweeps: { none: { confirmedAt: { not: null } } } },
    orderBy: { closedAt: 'desc' },
    select: { id: true },
    take: BATCH,
  });
  for (const { id } of lots) {
    await sweepHouseOutput(services, id).catch((error: Error) => services.log.warn({ lotId: id, err: error.message }, 'house sweep: lot skipped this turn'));
  }
}
