/**
 * The way out of a Gavel vault without Gavel: spend its outputs by the exit leaf
 * `<B> OP_CHECKSIGVERIFY <N> OP_CHECKSEQUENCEVERIFY` once each output is N blocks deep. Needs only the vault's
 * descriptor (shown on My wallet, and in every wallet that imported it), the outputs (any block explorer lists the
 * vault address's), and a signature by the ordinals key B: a wallet signs the PSBT this prints, or, for tests and
 * for people holding their raw key, `--key`. Each input carries nSequence = N (BIP68 in blocks), so no node relays
 * it before the outputs are N blocks deep.
 *
 *   node --import tsx scripts/bitcoin/vault-exit.ts --descriptor 'tr(...)#...' --network testnet4 \
 *     --outpoint <txid>:<vout>:<sats> [--outpoint ...] --to <your address> --fee-rate 2 \
 *     [--key <hex secret of B> | --signed-psbt <base64 or hex the wallet signed>] [--esplora https://mempool.space/testnet4/api]
 *
 * Without --key or --signed-psbt it prints the unsigned PSBT (base64) to sign in the wallet; with either it prints
 * the signed transaction's hex, and broadcasts it when --esplora is given.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { deriveVault, parseVaultDescriptor, TAPSCRIPT_LEAF_VERSION, VAULT_SPEND_VBYTES } from '@gavel/domain/bitcoin-vault';
import type { BitcoinNetworkName } from '@gavel/domain';

bitcoin.initEccLib(ecc);

export interface ExitRequest {
  descriptor: string;
  network: BitcoinNetworkName;
  outputs: Array<{ txid: string; vout: number; value: number }>;
  to: string;
  /** sat/vB */
  feeRate: number;
}

export function networkOf(name: BitcoinNetworkName): bitcoin.Network {
  return name === 'mainnet' ? bitcoin.networks.bitcoin : name === 'regtest' ? bitcoin.networks.regtest : bitcoin.networks.testnet;
}

/** The exit transaction as a PSBT: every input by the exit leaf only, with nSequence = N, paying `to` less the fee. */
export function buildExitPsbt(request: ExitRequest): bitcoin.Psbt {
  const vault = deriveVault(parseVaultDescriptor(request.descriptor), request.network);
  if (request.outputs.length === 0) throw new Error('name at least one vault output (--outpoint txid:vout:sats)');
  const psbt = new bitcoin.Psbt({ network: networkOf(request.network) });
  psbt.setVersion(2);
  for (const output of request.outputs) {
    psbt.addInput({
      hash: output.txid,
      index: output.vout,
      sequence: vault.csvBlocks,
      witnessUtxo: { script: vault.script, value: BigInt(output.value) },
      tapInternalKey: vault.internalKey,
      tapLeafScript: [{ leafVersion: TAPSCRIPT_LEAF_VERSION, script: vault.exit.script, controlBlock: vault.exit.controlBlock }],
    });
  }
  const total = request.outputs.reduce((sum, o) => sum + o.value, 0);
  const vbytes = VAULT_SPEND_VBYTES.overhead + VAULT_SPEND_VBYTES.exitInput * request.outputs.length + VAULT_SPEND_VBYTES.output;
  const fee = Math.ceil(vbytes * request.feeRate);
  if (total - fee < 330) throw new Error(`the outputs hold ${total} sats, not enough for a ${fee}-sat fee`);
  psbt.addOutput({ address: request.to, value: BigInt(total - fee) });
  return psbt;
}

/** Signs every input's exit leaf with B's secret key (what the wallet does with the PSBT). */
export function signExitWithKey(psbt: bitcoin.Psbt, secretKey: Uint8Array): void {
  const publicKey = ecc.pointFromScalar(secretKey, true);
  if (!publicKey) throw new Error('not a valid secret key');
  // A Schnorr-only signer: bitcoinjs asks for ECDSA's sign too, which a script path never calls.
  const signer = {
    publicKey,
    signSchnorr: (hash: Uint8Array) => ecc.signSchnorr(hash, secretKey),
    sign: () => {
      throw new Error('ECDSA is not used here');
    },
  };
  psbt.data.inputs.forEach((input, index) => {
    const leaf = input.tapLeafScript![0]!;
    psbt.signTaprootInput(index, signer, bitcoin.crypto.taggedHash('TapLeaf', Buffer.concat([Uint8Array.of(leaf.leafVersion), varSlice(leaf.script)])));
  });
}

/** The broadcastable transaction: each input's witness [B's signature, exit leaf, control block]. */
export function finalizeExit(psbt: bitcoin.Psbt): bitcoin.Transaction {
  psbt.data.inputs.forEach((input, index) => {
    if (!input.finalScriptWitness) psbt.finalizeInput(index);
  });
  return psbt.extractTransaction(true);
}

function varSlice(script: Uint8Array): Uint8Array {
  if (script.length >= 0xfd) throw new Error('leaf too long');
  return Uint8Array.of(script.length, ...script);
}

function parseOutpoint(text: string) {
  const m = /^([0-9a-f]{64}):(\d+):(\d+)$/i.exec(text.trim());
  if (!m) throw new Error(`--outpoint must be txid:vout:sats, not ${text}`);
  return { txid: m[1]!.toLowerCase(), vout: Number(m[2]), value: Number(m[3]) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      descriptor: { type: 'string' },
      network: { type: 'string', default: 'mainnet' },
      outpoint: { type: 'string', multiple: true, default: [] },
      to: { type: 'string' },
      'fee-rate': { type: 'string', default: '2' },
      key: { type: 'string' },
      'signed-psbt': { type: 'string' },
      esplora: { type: 'string' },
    },
  });
  if (!values.descriptor || !values.to) throw new Error('--descriptor and --to are required (see the comment at the top of this file)');
  const network = values.network as BitcoinNetworkName;
  let psbt: bitcoin.Psbt;
  if (values['signed-psbt']) {
    const text = values['signed-psbt'].trim();
    psbt = /^[0-9a-f]+$/i.test(text) ? bitcoin.Psbt.fromHex(text, { network: networkOf(network) }) : bitcoin.Psbt.fromBase64(text, { network: networkOf(network) });
  } else {
    psbt = buildExitPsbt({ descriptor: values.descriptor, network, outputs: values.outpoint.map(parseOutpoint), to: values.to, feeRate: Number(values['fee-rate']) });
    if (!values.key) {
      console.log('Sign this PSBT in your wallet (script path, every input), then run again with --signed-psbt:\n');
      console.log(psbt.toBase64());
      return;
    }
    signExitWithKey(psbt, Buffer.from(values.key, 'hex'));
  }
  const tx = finalizeExit(psbt);
  console.log(tx.toHex());
  if (values.esplora) {
    const res = await fetch(`${values.esplora.replace(/\/$/, '')}/tx`, { method: 'POST', body: tx.toHex(), signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    if (!res.ok) throw new Error(`broadcast refused: ${body}`);
    console.log(`broadcast: ${body}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
