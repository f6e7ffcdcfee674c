/**
 * The stand-in checks a vault's script paths as a node would: the exit leaf alone is refused before the output is
 * N blocks deep (BIP68, and the script's CSV against nSequence) and confirms after, through the repo's exit script;
 * the cooperative leaf needs both signatures, and a wrong one is refused with Core's reasons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { deriveVault, TAPSCRIPT_LEAF_VERSION, VAULT_INTERNAL_KEY } from '@gavel/domain/bitcoin-vault';
import { EsploraClient, EsploraError } from '../../../api/src/bitcoin/index.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from './index.ts';
import { devClient, networkOf, TestKey } from '../../../test/support/bitcoin-wallet.ts';
import { buildExitPsbt, finalizeExit, signExitWithKey } from '../../bitcoin/vault-exit.ts';

const N = 10;
const net = networkOf('regtest');
let btc: BitcoinStandIn;
let esplora: EsploraClient;
let dev: ReturnType<typeof devClient>;

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  esplora = new EsploraClient({ baseUrl: btc.esploraUrl });
  dev = devClient(btc.url);
});
afterAll(() => btc?.close());

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

async function fundedVault(sats = 100_000) {
  const bidder = new TestKey('p2tr', net);
  const gavel = new TestKey('p2tr', net);
  const vault = deriveVault({ bidderKey: hex(bidder.publicKey), gavelKey: hex(gavel.publicKey), csvBlocks: N }, 'regtest');
  const funded = await dev.faucet(vault.address, sats);
  return { bidder, gavel, vault, output: { txid: funded.txid, vout: funded.vout, value: sats } };
}

async function refusal(txHex: string): Promise<string> {
  const error = await esplora.broadcast(txHex).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EsploraError);
  return JSON.parse((error as EsploraError).body.replace('sendrawtransaction RPC error: ', '')).message;
}

/** A cooperative spend of the vault output to `to`, signed by `signers` (in the PSBT's partial signatures). */
function cooperative(setup: Awaited<ReturnType<typeof fundedVault>>, signers: TestKey[], to: string) {
  const psbt = new bitcoin.Psbt({ network: net });
  psbt.setVersion(2);
  psbt.addInput({
    hash: setup.output.txid,
    index: setup.output.vout,
    witnessUtxo: { script: setup.vault.script, value: BigInt(setup.output.value) },
    tapInternalKey: setup.vault.internalKey,
    tapLeafScript: [{ leafVersion: TAPSCRIPT_LEAF_VERSION, script: setup.vault.cooperative.script, controlBlock: setup.vault.cooperative.controlBlock }],
  });
  psbt.addOutput({ address: to, value: BigInt(setup.output.value - 500) });
  for (const signer of signers) signer.signScriptPath(psbt, [0]);
  return psbt;
}

/** The same one-in one-out spend `cooperative` builds (500 sats of fee), unsigned, with `sequence`. */
function unsigned(setup: Awaited<ReturnType<typeof fundedVault>>, to: string, sequence: number) {
  const tx = new bitcoin.Transaction();
  tx.version = 2;
  tx.addInput(Buffer.from(setup.output.txid, 'hex').reverse(), setup.output.vout, sequence);
  tx.addOutput(bitcoin.address.toOutputScript(to, net), BigInt(setup.output.value - 500));
  return tx;
}

describe('a vault on the stand-in', () => {
  it('is the address bitcoinjs builds from the same tree (an independent taproot implementation)', async () => {
    const { vault } = await fundedVault(1_000);
    const independent = bitcoin.payments.p2tr({
      internalPubkey: Buffer.from(VAULT_INTERNAL_KEY, 'hex'),
      scriptTree: [{ output: vault.cooperative.script }, { output: vault.exit.script }],
      network: net,
    });
    expect(independent.address).toBe(vault.address);
  });

  it('refuses the exit leaf before N blocks and confirms the exit through the repo script after', async () => {
    const setup = await fundedVault();
    const to = new TestKey('p2wpkh', net).address;
    const exit = () => {
      const psbt = buildExitPsbt({ descriptor: setup.vault.descriptor, network: 'regtest', outputs: [setup.output], to, feeRate: 2 });
      signExitWithKey(psbt, setup.bidder.pair.privateKey!);
      return finalizeExit(psbt);
    };
    expect(exit().ins[0]!.sequence).toBe(N);
    expect(await refusal(exit().toHex())).toBe('non-BIP68-final');
    await dev.mine(N - 2);
    expect(await refusal(exit().toHex())).toBe('non-BIP68-final');

    // A bidder who sets nSequence to 0 gets past BIP68, and the script's CSV refuses instead.
    const early = buildExitPsbt({ descriptor: setup.vault.descriptor, network: 'regtest', outputs: [setup.output], to, feeRate: 2 });
    early.setInputSequence(0, 0);
    signExitWithKey(early, setup.bidder.pair.privateKey!);
    expect(await refusal(finalizeExit(early).toHex())).toBe('mandatory-script-verify-flag-failed (Locktime requirement not satisfied)');

    await dev.mine(1);
    const tx = exit();
    expect(await esplora.broadcast(tx.toHex())).toBe(tx.getId());
    await dev.mine(1);
    expect(await esplora.txStatus(tx.getId())).toMatchObject({ confirmed: true });
  });

  it("refuses every spend Gavel's key signs alone, even after N blocks", async () => {
    const setup = await fundedVault();
    await dev.mine(N);
    const to = new TestKey('p2wpkh', net).address;
    const byGavel = (leaf: typeof setup.vault.exit, sequence: number, stack: (sig: Uint8Array) => Uint8Array[]) => {
      const tx = unsigned(setup, to, sequence);
      const hash = tx.hashForWitnessV1(0, [setup.vault.script], [BigInt(setup.output.value)], bitcoin.Transaction.SIGHASH_DEFAULT, leaf.leafHash);
      tx.setWitness(0, [...stack(ecc.signSchnorr(hash, setup.gavel.pair.privateKey!)), leaf.script, leaf.controlBlock]);
      return tx.toHex();
    };
    expect(() => signExitWithKey(buildExitPsbt({ descriptor: setup.vault.descriptor, network: 'regtest', outputs: [setup.output], to, feeRate: 2 }), setup.gavel.pair.privateKey!)).toThrow();
    expect(await refusal(byGavel(setup.vault.exit, N, (sig) => [sig]))).toBe('mandatory-script-verify-flag-failed (Invalid Schnorr signature)');
    expect(await refusal(byGavel(setup.vault.cooperative, 0xffffffff, (sig) => [sig, sig]))).toBe('mandatory-script-verify-flag-failed (Invalid Schnorr signature)');
    expect(await refusal(byGavel(setup.vault.cooperative, 0xffffffff, (sig) => [sig, new Uint8Array()]))).toBe('mandatory-script-verify-flag-failed (Script failed an OP_CHECKSIGVERIFY operation)');
  });

  it('confirms a cooperative spend signed by both, at once (no delay)', async () => {
    const setup = await fundedVault();
    const psbt = cooperative(setup, [setup.bidder, setup.gavel], new TestKey('p2wpkh', net).address);
    psbt.finalizeAllInputs();
    const tx = psbt.extractTransaction(true);
    expect(tx.ins[0]!.witness).toHaveLength(4);
    expect(await esplora.broadcast(tx.toHex())).toBe(tx.getId());
    await dev.mine(1);
    expect(await esplora.txStatus(tx.getId())).toMatchObject({ confirmed: true });
  });

  it("refuses a cooperative spend with the bidder's signature alone, or with a wrong signature", async () => {
    const setup = await fundedVault();
    const to = new TestKey('p2wpkh', net).address;
    const bidderOnly = cooperative(setup, [setup.bidder], to);
    const [bSig] = bidderOnly.data.inputs[0]!.tapScriptSig!;
    const leaf = setup.vault.cooperative;
    const withWitness = (stack: Uint8Array[]) => {
      const tx = unsigned(setup, to, 0xffffffff);
      tx.setWitness(0, [...stack, leaf.script, leaf.controlBlock]);
      return tx.toHex();
    };
    expect(await refusal(withWitness([new Uint8Array(), bSig!.signature]))).toBe(
      'mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)',
    );
    expect(() => cooperative(setup, [setup.bidder, new TestKey('p2tr', net)], to)).toThrow(/Can not sign/);
    const wrong = Uint8Array.from(bSig!.signature);
    wrong[10]! ^= 1;
    expect(await refusal(withWitness([bSig!.signature, bSig!.signature]))).toBe('mandatory-script-verify-flag-failed (Invalid Schnorr signature)');
    expect(await refusal(withWitness([new Uint8Array(64), wrong]))).toBe('mandatory-script-verify-flag-failed (Invalid Schnorr signature)');
    expect(await refusal(withWitness([bSig!.signature]))).toBe('mandatory-script-verify-flag-failed (Operation not valid with the current stack size)');
    const badControl = Uint8Array.from(leaf.controlBlock);
    badControl[40]! ^= 1;
    const tx = unsigned(setup, to, 0xffffffff);
    tx.setWitness(0, [bSig!.signature, bSig!.signature, leaf.script, badControl]);
    expect(await refusal(tx.toHex())).toBe('mandatory-script-verify-flag-failed (Witness program hash mismatch)');
  });
});
