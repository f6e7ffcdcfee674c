/**
 * Vault outputs as inputs of a transaction spent by the cooperative leaf (bidder and Gavel): each carries what a
 * wallet needs to sign that script path (the output, the unspendable internal key and only the cooperative leaf,
 * so the wallet cannot pick the exit), and opts in to replacement so a stuck spend can be fee-bumped. One place for
 * the withdrawal's and the vault bid's inputs.
 */
import { TAPSCRIPT_LEAF_VERSION, type Vault } from '@gavel/domain/bitcoin-vault';
import type { bitcoin } from '../network.ts';

export const COOPERATIVE_SEQUENCE = 0xfffffffd;

export function addCooperativeInputs(psbt: bitcoin.Psbt, vault: Vault, outputs: ReadonlyArray<{ txid: string; vout: number; value: number }>): void {
  for (const output of outputs) {
    psbt.addInput({
      hash: output.txid,
      index: output.vout,
      sequence: COOPERATIVE_SEQUENCE,
      witnessUtxo: { script: vault.script, value: BigInt(output.value) },
      tapInternalKey: vault.internalKey,
      tapLeafScript: [{ leafVersion: TAPSCRIPT_LEAF_VERSION, script: vault.cooperative.script, controlBlock: vault.cooperative.controlBlock }],
    });
  }
}
