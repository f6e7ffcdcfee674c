/**
 * Bidders' vaults: opening one (B proved by the user's linked ordinals address), its balance from Esplora, and
 * withdrawals and refreshes of its free outputs. The api builds the PSBT and checks the bidder's signatures; the
 * co-signature with G and the broadcast are a job of the worker, the only process holding G's secret.
 */
import type { Logger } from 'pino';
import { outpointKey, vaultBalance, withdrawableOutputs, type Vault, type VaultBalance, type VaultOutput } from '@gavel/domain/bitcoin-vault';
import type { VaultBalanceView, VaultView, VaultWithdrawalView } from '@gavel/domain';
import type { Database } from '../../db/client.ts';
import type { BitcoinVault, VaultWithdrawal } from '../../generated/prisma/client.ts';
import { JobQueue, type QueueRedis, type RunningWorker } from '../../jobs/job-queue.ts';
import { EsploraError, type BitcoinAccess } from '../index.ts';
import { bitcoin, bitcoinjsNetwork } from '../network.ts';
import { committedOutpoints } from './committed.ts';
import type { VaultConfig } from './config.ts';
import type { GavelKeys } from './gavel-key.ts';
import { houseAnchorAddress, type HouseAnchor } from './house-anchor.ts';
import { buildWithdrawal, coSign, vaultOf, withBidderSignatures } from './withdrawal-psbt.ts';
import { Refused } from '../../refused.ts';

type VaultJobs = { 'cosign-withdrawal': { withdrawalId: string }; 'cosign-swap': { lotId: string } };

export interface VaultDeps {
  db: Database;
  bitcoin: BitcoinAccess;
  config: VaultConfig;
  queues: QueueRedis;
  log: Logger;
}

export class Vaults {
  readonly queue: JobQueue<VaultJobs>;

  /** `keys`: G's secrets, only in a process that runs the worker. */
  constructor(
    private readonly deps: VaultDeps,
    private readonly keys: GavelKeys | null,
  ) {
    this.queue = new JobQueue<VaultJobs>('bitcoin-vault', deps.queues);
  }

  /** G of the current key version: derived where the secret is held, else GAVEL_VAULT_PUBKEY; null: vaults unavailable. */
  currentGavelKey(): string | null {
    return this.keys?.publicKey(this.deps.config.keyVersion) ?? this.deps.config.gavelPublicKey;
  }

  /**
   * The address a binding swap's house output pays: the house anchor key of the current version, derived where the
   * secret is held, else GAVEL_HOUSE_ANCHOR_PUBKEY; null: binding offers unavailable.
   */
  currentHouseAddress(): string | null {
    const key = this.keys?.houseAnchorKey(this.deps.config.keyVersion) ?? this.deps.config.houseAnchorPublicKey;
    return key ? houseAnchorAddress(key, this.deps.bitcoin.network) : null;
  }

  /**
   * The anchor key paid by `address` (a binding swap's house output), of the current key version or an older one
   * (an offer signed before a rotation); null when no anchor of this worker's secret has that address.
   */
  houseAnchorOf(address: string): HouseAnchor | null {
    if (!this.keys) throw new Error('this process holds no vault key: the house anchor signs only in the worker');
    for (let version = this.deps.config.keyVersion; version >= 1; version--) {
      const internalKey = this.keys.houseAnchorKey(version);
      if (houseAnchorAddress(internalKey, this.deps.bitcoin.network) === address) return { internalKey, signer: this.keys.houseAnchorSigner(version) };
    }
    return null;
  }

  vault(row: BitcoinVault): Vault {
    return vaultOf({ bidderKey: row.bidderKey, gavelKey: row.gavelKey, csvBlocks: row.csvBlocks }, this.deps.bitcoin.network);
  }

  present(row: BitcoinVault): VaultView {
    return {
      address: row.address,
      descriptor: row.descriptor,
      bidderKey: row.bidderKey,
      gavelKey: row.gavelKey,
      keyVersion: row.keyVersion,
      csvBlocks: row.csvBlocks,
      ordinalsAddress: row.ordinalsAddress,
      confirmations: this.deps.config.confirmations,
      current: row.keyVersion === this.deps.config.keyVersion,
    };
  }

  /** The user's vault of the current key version, else their newest older one; null when they have none. */
  mine(userId: string): Promise<BitcoinVault | null> {
    return this.deps.db.prisma.bitcoinVault.findFirst({ where: { userId }, orderBy: [{ keyVersion: 'desc' }] });
  }

  /** One of the user's withdrawals; null when there is none of that id, or it is another user's. */
  async withdrawalOf(userId: string, id: string): Promise<VaultWithdrawal | null> {
    const found = await this.deps.db.prisma.vaultWithdrawal.findUnique({ where: { id } });
    return found?.userId === userId ? found : null;
  }

  /**
   * The vault of the current key version for B, whose taproot address (BIP86, no script) must be one of the user's
   * linked ordinals addresses; created once, then the same one every time.
   */
  async open(userId: string, bidderKey: string): Promise<BitcoinVault> {
    const { db, config, bitcoin: access } = this.deps;
    const existing = await db.prisma.bitcoinVault.findUnique({ where: { userId_keyVersion: { userId, keyVersion: config.keyVersion } } });
    if (existing) return existing;
    const gavelKey = this.currentGavelKey();
    if (!gavelKey) throw new Refused('unavailable', 'Vaults are not available: Gavel’s vault key is not configured', 'vault_unavailable');
    let ordinalsAddress: string;
    try {
      ordinalsAddress = bitcoin.payments.p2tr({ internalPubkey: Buffer.from(bidderKey, 'hex'), network: bitcoinjsNetwork(access.network) }).address!;
    } catch {
      throw new Refused('invalid', 'ordinalsPublicKey is not a valid x-only public key', 'bad_key');
    }
    const linked = await db.prisma.wallet.findFirst({ where: { userId, address: ordinalsAddress, isConnected: true } });
    if (!linked) throw new Refused('forbidden', 'This key is not the key of an ordinals address linked to your account. Connect and verify the wallet first.', 'ordinals_not_linked');
    const vault = vaultOf({ bidderKey, gavelKey, csvBlocks: config.csvBlocks }, access.network);
    const data = { userId, keyVersion: config.keyVersion, bidderKey, gavelKey, csvBlocks: config.csvBlocks, ordinalsAddress, address: vault.address, descriptor: vault.descriptor };
    return db.prisma.bitcoinVault.create({ data }).catch(async (error: unknown) => {
      // Opened at the same moment by another request of the same user: that one stands.
      const raced = await db.prisma.bitcoinVault.findUnique({ where: { userId_keyVersion: { userId, keyVersion: config.keyVersion } } });
      if (raced) return raced;
      throw error;
    });
  }

  /** Confirmed outputs only, until the refresh margin before their exit; committed ones apart (committed.ts). */
  async balance(row: BitcoinVault): Promise<VaultBalance> {
    const { bitcoin: access, config, db } = this.deps;
    const [utxos, tipHeight, committed] = await Promise.all([access.esplora.addressUtxos(row.address), access.esplora.tipHeight(), committedOutpoints(db, row.id)]);
    const outputs: VaultOutput[] = utxos.map((u) => ({ txid: u.txid, vout: u.vout, value: u.value, blockHeight: u.status.confirmed ? (u.status.block_height ?? null) : null }));
    return vaultBalance(outputs, { tipHeight, csvBlocks: row.csvBlocks, confirmations: config.confirmations, refreshBlocks: config.refreshBlocks, committed, now: Date.now() });
  }

  presentBalance(row: BitcoinVault, balance: VaultBalance): VaultBalanceView {
    return { address: row.address, ...balance };
  }

  /**
   * A withdrawal of every withdrawable output (free, or past the refresh margin) to `to`, or into the user's vault
   * of the current key version (`refresh`). One open withdrawal per vault: a second is refused until the first is
   * broadcast, fails, or waited longer than BITCOIN_VAULT_SIGN_MS for its signature.
   */
  async startWithdrawal(row: BitcoinVault, kind: 'withdraw' | 'refresh', to: string, feeRate: number | undefined): Promise<VaultWithdrawal> {
    const { db, bitcoin: access, config } = this.deps;
    const balance = await this.balance(row);
    const committed = await committedOutpoints(db, row.id);
    const spendable = withdrawableOutputs(balance).filter((o) => !committed.has(outpointKey(o)));
    if (spendable.length === 0) throw new Refused('invalid', 'Your vault has no confirmed free coins to withdraw', 'nothing_to_withdraw');
    const rate = feeRate ?? Math.max(1, (await access.esplora.recommendedFees()).halfHourFee);
    const built = buildWithdrawal(this.vault(row), spendable, to, rate, access.network);
    await db.prisma.vaultWithdrawal.updateMany({
      where: { openFor: row.id, status: 'awaiting_signature', createdAt: { lt: new Date(Date.now() - config.signWithinMs) } },
      data: { status: 'expired', openFor: null },
    });
    return db.prisma.vaultWithdrawal
      .create({
        data: {
          vaultId: row.id,
          userId: row.userId,
          kind,
          status: 'awaiting_signature',
          toAddress: to,
          amount: BigInt(built.amount),
          fee: built.fee,
          vsize: built.vsize,
          psbtHex: built.psbt.toHex(),
          inputs: spendable.map(outpointKey),
          openFor: row.id,
        },
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === 'P2002') throw new Refused('conflict', 'A withdrawal from this vault is already waiting for its signature or being sent', 'withdrawal_open');
        throw error;
      });
  }

  /** The bidder's signed PSBT: checked here, stored, and the co-signing queued for the worker. */
  async submitSignature(withdrawal: VaultWithdrawal, signedPsbtHex: string): Promise<VaultWithdrawal> {
    const { db, config } = this.deps;
    const row = await db.prisma.bitcoinVault.findUniqueOrThrow({ where: { id: withdrawal.vaultId } });
    const checked = withBidderSignatures(withdrawal.psbtHex, signedPsbtHex, this.vault(row), this.deps.bitcoin.network);
    await this.refuseCommitted(withdrawal);
    const { count } = await db.prisma.vaultWithdrawal.updateMany({
      where: { id: withdrawal.id, status: 'awaiting_signature', createdAt: { gte: new Date(Date.now() - config.signWithinMs) } },
      data: { status: 'signed', signedPsbtHex: checked.toHex(), signedAt: new Date() },
    });
    if (count === 0) throw new Refused('conflict', 'This withdrawal no longer waits for a signature (sent, failed or expired): start a new one', 'not_awaiting_signature');
    await this.queue.add('cosign-withdrawal', { withdrawalId: withdrawal.id }, { jobId: `vault-cosign-${withdrawal.id}` });
    return db.prisma.vaultWithdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } });
  }

  /** The bids step: an output backing a leading bid is never spent by a withdrawal, even one signed before it led. */
  private async refuseCommitted(withdrawal: VaultWithdrawal): Promise<void> {
    const committed = await committedOutpoints(this.deps.db, withdrawal.vaultId);
    if (withdrawal.inputs.some((outpoint) => committed.has(outpoint))) throw new Refused('conflict', 'Some of these coins now back a leading bid: start a new withdrawal', 'outputs_committed');
  }

  /** The worker's job: G's signature, the broadcast, the record; safe to run twice. */
  async coSignAndBroadcast(withdrawalId: string): Promise<string | null> {
    const { db, bitcoin: access, log } = this.deps;
    if (!this.keys) throw new Error('this process holds no vault key: co-signing runs only in the worker');
    const withdrawal = await db.prisma.vaultWithdrawal.findUnique({ where: { id: withdrawalId } });
    if (withdrawal?.status !== 'signed' || !withdrawal.signedPsbtHex) return withdrawal?.txid ?? null;
    const fail = async (error: string) => {
      await db.prisma.vaultWithdrawal.updateMany({ where: { id: withdrawalId, status: 'signed' }, data: { status: 'failed', error, openFor: null } });
      log.warn({ withdrawalId, error }, 'vault withdrawal failed');
      return null;
    };
    try {
      await this.refuseCommitted(withdrawal);
    } catch (error) {
      return fail((error as Error).message);
    }
    const row = await db.prisma.bitcoinVault.findUniqueOrThrow({ where: { id: withdrawal.vaultId } });
    const signer = this.keys.signer(row.keyVersion);
    if (Buffer.from(signer.publicKey.subarray(1)).toString('hex') !== row.gavelKey) return fail('This vault was made with another Gavel key than the one this worker holds');
    const tx = coSign(bitcoin.Psbt.fromHex(withdrawal.signedPsbtHex, { network: bitcoinjsNetwork(access.network) }), signer);
    try {
      await access.esplora.broadcast(tx.toHex());
    } catch (error) {
      // -27: already in a block (a retry after a broadcast that went through); other 400s are refusals for good.
      const refused = error instanceof EsploraError && error.status === 400;
      if (!refused) throw error;
      if (!error.body.includes('"code":-27')) return fail(error.body);
    }
    await db.prisma.vaultWithdrawal.updateMany({ where: { id: withdrawalId, status: 'signed' }, data: { status: 'broadcast', txid: tx.getId(), broadcastAt: new Date(), openFor: null } });
    return tx.getId();
  }

  presentWithdrawal(w: VaultWithdrawal): VaultWithdrawalView {
    const psbt = bitcoin.Psbt.fromHex(w.psbtHex);
    return {
      id: w.id,
      kind: w.kind as VaultWithdrawalView['kind'],
      status: w.status as VaultWithdrawalView['status'],
      toAddress: w.toAddress,
      amount: Number(w.amount),
      fee: w.fee,
      vsize: w.vsize,
      psbtHex: w.psbtHex,
      psbtBase64: psbt.toBase64(),
      inputsToSign: psbt.txInputs.map((_, i) => i),
      txid: w.txid,
      error: w.error,
      createdAt: w.createdAt.toISOString(),
      broadcastAt: w.broadcastAt?.toISOString() ?? null,
    };
  }

  /**
   * G's signature on the vault inputs `indices` of a winning binding swap (bitcoin-settlement/vault-settle.ts), the
   * bidder's already on them; only in the worker, the one process holding G's secret.
   */
  signVaultInputs(psbt: bitcoin.Psbt, row: BitcoinVault, indices: number[]): void {
    if (!this.keys) throw new Error('this process holds no vault key: co-signing runs only in the worker');
    const signer = this.keys.signer(row.keyVersion);
    if (Buffer.from(signer.publicKey.subarray(1)).toString('hex') !== row.gavelKey) throw new Error('This vault was made with another Gavel key than the one this worker holds');
    for (const index of indices) psbt.signTaprootInput(index, signer);
  }

  /**
   * The worker half; also sweeps signed withdrawals whose job was lost (a Redis that forgot it). `coSignSwap`
   * finishes a winning binding swap the seller co-signed (its jobs swept again too).
   */
  async startWorker(coSignSwap?: (lotId: string) => Promise<unknown>): Promise<RunningWorker> {
    const running = await this.queue.work(
      {
        'cosign-withdrawal': ({ withdrawalId }) => this.coSignAndBroadcast(withdrawalId),
        'cosign-swap': ({ lotId }) => (coSignSwap ? coSignSwap(lotId) : Promise.resolve(null)),
      },
      { concurrency: 2 },
    );
    return {
      reconcile: async () => {
        await running.reconcile();
        const stuck = await this.deps.db.prisma.vaultWithdrawal.findMany({ where: { status: 'signed' }, select: { id: true }, take: 500 });
        await this.queue.addBulk(
          'cosign-withdrawal',
          stuck.map(({ id }) => ({ data: { withdrawalId: id }, jobId: `vault-cosign-${id}` })),
        );
        const swaps = await this.deps.db.prisma.lot.findMany({ where: { vaultSwapPsbtHex: { not: null }, swapTxid: null }, select: { id: true }, take: 500 });
        await this.queue.addBulk(
          'cosign-swap',
          swaps.map(({ id }) => ({ data: { lotId: id }, jobId: `vault-swap-${id}` })),
        );
      },
      close: () => running.close(),
    };
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
