/**
 * A BIP-322 "simple" signer for tests, as Xverse and Leather sign an ownership message: build the virtual
 * to_spend/to_sign pair, sign to_sign's input through a bitcoinjs PSBT with the test key (tweaked for taproot),
 * and encode the finalized witness stack in base64.
 */
import * as bitcoin from 'bitcoinjs-lib';
import { bip322Transactions } from '../../api/src/wallet/bip322.ts';
import type { TestKey } from './bitcoin-wallet.ts';

export function signBip322(key: TestKey, message: string): string {
  const { toSpend, toSign } = bip322Transactions(key.output, message);
  const psbt = new bitcoin.Psbt({ network: key.network });
  psbt.setVersion(0);
  psbt.setLocktime(0);
  psbt.addInput({
    hash: toSpend.getHash(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.output, value: 0n },
    ...(key.type === 'p2tr' ? { tapInternalKey: key.publicKey } : {}),
  });
  psbt.addOutput({ script: toSign.outs[0]!.script, value: 0n });
  key.sign(psbt, [0]);
  psbt.finalizeAllInputs();
  const witness = psbt.extractTransaction().ins[0]!.witness;
  const parts: number[] = [witness.length];
  for (const item of witness) parts.push(item.length, ...item);
  return Buffer.from(parts).toString('base64');
}
