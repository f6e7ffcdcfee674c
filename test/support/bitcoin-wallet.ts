/**
 * Test Bitcoin wallets with known keys (what a fake Xverse or Leather signs with): a p2wpkh payment address
 * and a p2tr key-path address, signing PSBTs through bitcoinjs like a real wallet would, plus helpers to
 * spend UTXOs and talk to the stand-in's dev routes.
 */
import * as bitcoin from 'bitcoinjs-lib';
import { ECPairFactory, type ECPairInterface } from 'ecpair';
import * as ecc from 'tiny-secp256k1';

bitcoin.initEccLib(ecc);
export const ECPair = ECPairFactory(ecc);

const toXOnly = (pubkey: Uint8Array) => pubkey.subarray(1, 33);

export type WalletNetwork = 'testnet4' | 'regtest' | 'mainnet';

export function networkOf(name: WalletNetwork): bitcoin.Network {
  return name === 'mainnet' ? bitcoin.networks.bitcoin : name === 'regtest' ? bitcoin.networks.regtest : bitcoin.networks.testnet;
}

export class TestKey {
  readonly pair: ECPairInterface;
  readonly address: string;
  readonly output: Uint8Array;
  /** 33-byte compressed key (p2wpkh) or 32-byte x-only internal key (p2tr), as wallets report them. */
  readonly publicKey: Uint8Array;

  constructor(
    readonly type: 'p2wpkh' | 'p2tr',
    readonly network: bitcoin.Network,
    pair = ECPair.makeRandom({ network }),
  ) {
    this.pair = pair;
    const payment = type === 'p2wpkh' ? bitcoin.payments.p2wpkh({ pubkey: pair.publicKey, network }) : bitcoin.payments.p2tr({ internalPubkey: toXOnly(pair.publicKey), network });
    this.address = payment.address!;
    this.output = payment.output!;
    this.publicKey = type === 'p2wpkh' ? pair.publicKey : toXOnly(pair.publicKey);
  }

  /** What a wallet's signPsbt does for the inputs it owns: sign with this key (tweaked for key-path taproot). */
  sign(psbt: bitcoin.Psbt, inputs: number[], sighashTypes?: number[]): void {
    for (const index of inputs) {
      if (this.type === 'p2tr') {
        const tweaked = this.pair.tweak(bitcoin.crypto.taggedHash('TapTweak', toXOnly(this.pair.publicKey)));
        psbt.signInput(index, tweaked, sighashTypes);
      } else psbt.signInput(index, this.pair, sighashTypes);
    }
  }

  /**
   * What a wallet's signPsbt does for a script-path input (a vault's leaf naming this key): a Schnorr signature
   * of each leaf of `inputs` where the key appears, kept as a partial tapScriptSig for the other signer.
   */
  signScriptPath(psbt: bitcoin.Psbt, inputs: number[], sighashTypes?: number[]): void {
    for (const index of inputs) psbt.signTaprootInput(index, this.pair, undefined, sighashTypes);
  }

  /** PSBT input fields for one of this key's outputs. */
  input(utxo: { txid: string; vout: number; value: number }): Parameters<bitcoin.Psbt['addInput']>[0] {
    return {
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: this.output, value: BigInt(utxo.value) },
      ...(this.type === 'p2tr' ? { tapInternalKey: this.publicKey } : {}),
    };
  }
}

export function testKeys(network: WalletNetwork) {
  const net = networkOf(network);
  return { payment: new TestKey('p2wpkh', net), ordinals: new TestKey('p2tr', net) };
}

/** A signed transaction from `key`'s UTXOs to `outputs`; the rest goes back as change minus `fee`. */
export function spend(key: TestKey, utxos: Array<{ txid: string; vout: number; value: number }>, outputs: Array<{ address: string; value: number }>, fee: number): bitcoin.Transaction {
  const psbt = new bitcoin.Psbt({ network: key.network });
  for (const utxo of utxos) psbt.addInput(key.input(utxo));
  for (const out of outputs) psbt.addOutput({ address: out.address, value: BigInt(out.value) });
  const change = utxos.reduce((s, u) => s + u.value, 0) - outputs.reduce((s, o) => s + o.value, 0) - fee;
  if (change > 0) psbt.addOutput({ script: key.output, value: BigInt(change) });
  key.sign(
    psbt,
    utxos.map((_, i) => i),
  );
  psbt.finalizeAllInputs();
  return psbt.extractTransaction(true);
}

/** The stand-in's dev routes. */
export function devClient(url: string) {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(url + path, { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    faucet: (address: string, sats: number) => post<{ txid: string; vout: number; value: number }>('/dev/faucet', { address, sats }),
    mine: (blocks = 1) => post<{ height: number }>('/dev/mine', { blocks }),
    inscribe: (address: string, content: string, options: { contentType?: string; postage?: number } = {}) =>
      post<{ inscriptionId: string; revealTxid: string; output: string }>('/dev/inscribe', {
        address,
        content,
        contentType: options.contentType ?? 'text/plain;charset=utf-8',
        postage: options.postage,
      }),
  };
}

export interface Spec {
  hash: Uint8Array;
  index: number;
  sequence?: number;
  witnessUtxo: { script: Uint8Array; value: bigint };
  tapInternalKey?: Uint8Array;
  sighashType?: number;
}

/** A hostile bidder's edit of the built PSBT, before signing it. */
export function rebuild(
  hex: string,
  net: bitcoin.Network,
  edit: { inputs?: (i: Spec[]) => Spec[]; outputs?: (o: Array<{ script: Uint8Array; value: bigint }>) => Array<{ script: Uint8Array; value: bigint }>; dropSighash?: boolean },
): string {
  const from = bitcoin.Psbt.fromHex(hex, { network: net });
  const inputs: Spec[] = from.txInputs.map((i, n) => ({
    hash: i.hash,
    index: i.index,
    sequence: i.sequence,
    witnessUtxo: from.data.inputs[n]!.witnessUtxo!,
    ...(from.data.inputs[n]!.tapInternalKey ? { tapInternalKey: from.data.inputs[n]!.tapInternalKey } : {}),
    ...(from.data.inputs[n]!.sighashType && !edit.dropSighash ? { sighashType: from.data.inputs[n]!.sighashType } : {}),
  }));
  const outputs = from.txOutputs.map((o) => ({ script: o.script, value: o.value }));
  const psbt = new bitcoin.Psbt({ network: net });
  for (const kv of from.data.globalMap.unknownKeyVals ?? []) psbt.addUnknownKeyValToGlobal(kv);
  for (const input of edit.inputs ? edit.inputs(inputs) : inputs) psbt.addInput(input);
  for (const output of edit.outputs ? edit.outputs(outputs) : outputs) psbt.addOutput(output);
  return psbt.toHex();
}
