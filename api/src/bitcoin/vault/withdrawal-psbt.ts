/**
 * The withdrawal transaction of a vault: its outputs spent by the cooperative leaf to one address. The api builds
 * the PSBT (each input with witnessUtxo, tapInternalKey H and only the cooperative tapLeafScript, so a wallet
 * signs that leaf and nothing else), checks the bidder's signatures itself, and the worker adds G's and finalizes.
 */
import { deriveVault, VAULT_SPEND_VBYTES, type Vault, type VaultKeys } from '@gavel/domain/bitcoin-vault';
import type { BitcoinNetworkName } from '@gavel/domain';
import { bitcoin, bitcoinjsNetwork } from '../network.ts';
import { scriptPathSignatureOf, verifyScriptPathSignature } from '../offer/signatures.ts';
import { Refused } from '../../refused.ts';
import { addCooperativeInputs } from './cooperative-inputs.ts';
import type { SchnorrSigner } from './gavel-key.ts';

export interface BuiltWithdrawal {
  psbt: bitcoin.Psbt;
  amount: number;
  fee: number;
  vsize: number;
}

export function vaultOf(keys: VaultKeys, network: BitcoinNetworkName): Vault {
  return deriveVault(keys, network);
}

export function buildWithdrawal(vault: Vault, outputs: Array<{ txid: string; vout: number; value: number }>, to: string, feeRate: number, network: BitcoinNetworkName): BuiltWithdrawal {
  const psbt = new bitcoin.Psbt({ network: bitcoinjsNetwork(network) });
  psbt.setVersion(2);
  addCooperativeInputs(psbt, vault, outputs);
  const vsize = VAULT_SPEND_VBYTES.overhead + VAULT_SPEND_VBYTES.cooperativeInput * outputs.length + VAULT_SPEND_VBYTES.output;
  const fee = Math.ceil(vsize * feeRate);
  const amount = outputs.reduce((sum, o) => sum + o.value, 0) - fee;
  const script = bitcoin.address.toOutputScript(to, bitcoinjsNetwork(network));
  if (amount < 330) throw new Refused('invalid', `The free outputs hold too little to pay a ${fee}-sat fee and leave more than dust`, 'too_small');
  psbt.addOutput({ script, value: BigInt(amount) });
  return { psbt, amount, fee, vsize };
}

/** The transaction a PSBT describes, unsigned: what the bidder signed must be exactly what was built. */
function unsignedTx(psbt: bitcoin.Psbt): bitcoin.Transaction {
  const tx = new bitcoin.Transaction();
  tx.version = psbt.version;
  tx.locktime = psbt.locktime;
  for (const input of psbt.txInputs) tx.addInput(input.hash, input.index, input.sequence);
  for (const output of psbt.txOutputs) tx.addOutput(output.script, output.value);
  return tx;
}

/**
 * The built PSBT with the bidder's cooperative-leaf signature of every input copied from `signedHex`, once each
 * verifies. Refuses (invalid) when the signed PSBT is another transaction or a signature is missing or wrong.
 */
export function withBidderSignatures(builtHex: string, signedHex: string, vault: Vault, network: BitcoinNetworkName): bitcoin.Psbt {
  const net = bitcoinjsNetwork(network);
  const built = bitcoin.Psbt.fromHex(builtHex, { network: net });
  let signed: bitcoin.Psbt;
  try {
    signed = /^[0-9a-f]+$/i.test(signedHex) ? bitcoin.Psbt.fromHex(signedHex, { network: net }) : bitcoin.Psbt.fromBase64(signedHex, { network: net });
  } catch {
    throw new Refused('invalid', 'signedPsbtHex is not a PSBT', 'invalid_psbt');
  }
  const tx = unsignedTx(built);
  if (unsignedTx(signed).getId() !== tx.getId()) throw new Refused('invalid', 'The signed PSBT is not the withdrawal that was built: sign it as it was given', 'psbt_changed');
  const bidder = Buffer.from(vault.bidderKey, 'hex');
  const prevouts = built.data.inputs.map((input) => input.witnessUtxo!);
  built.data.inputs.forEach((_, index) => {
    const found = scriptPathSignatureOf(signed, index, bidder, vault.cooperative.leafHash);
    if (!found) throw new Refused('invalid', `Input ${index} carries no signature by your ordinals key on the vault's cooperative leaf`, 'unsigned_input');
    if (!verifyScriptPathSignature(tx, prevouts, index, vault.cooperative.leafHash, found)) throw new Refused('invalid', `Input ${index} has a signature that does not verify`, 'invalid_signature');
    built.updateInput(index, { tapScriptSig: [{ pubkey: bidder, leafHash: vault.cooperative.leafHash, signature: found.signature }] });
  });
  return built;
}

/** G's signature on every input, then the witnesses [G's signature, B's signature, leaf, control block]. */
export function coSign(psbt: bitcoin.Psbt, gavel: SchnorrSigner): bitcoin.Transaction {
  psbt.data.inputs.forEach((_, index) => {
    psbt.signTaprootInput(index, gavel);
  });
  psbt.finalizeAllInputs();
  return psbt.extractTransaction(true);
}
