/**
 * Settlement of an offer: the seller's co-signature of input 1 (SIGHASH_ALL, the only sighash Leather may
 * sign with; taproot's DEFAULT is the same) is checked against the bidder-signed PSBT's transaction, merged
 * into it, every input finalized, and the swap extracted for broadcast.
 */
import type { BitcoinNetworkName } from '@gavel/domain';
import type { bitcoin } from '../network.ts';
import { unsignedTx } from './build.ts';
import { INDEX, OfferError } from './layout.ts';
import { parsePsbtHex } from './validate.ts';
import { verifyInputSignature } from './signatures.ts';

export interface SettledSwap {
  txHex: string;
  txid: string;
  vsize: number;
  fee: number;
}

export function completeOffer(bidderSignedHex: string, sellerSignedHex: unknown, network: BitcoinNetworkName): SettledSwap {
  return finalizeSwap(withSellerSignature(bidderSignedHex, sellerSignedHex, network));
}

/**
 * The bidder-signed offer with the seller's verified signature of their input merged in, not finalized: input 1 of
 * today's offers, input 0 of a binding offer (`sellerIndex`), whose vault inputs still wait for Gavel's signature.
 */
export function withSellerSignature(bidderSignedHex: string, sellerSignedHex: unknown, network: BitcoinNetworkName, sellerIndex: number = INDEX.sellerInput): bitcoin.Psbt {
  const bidder = parsePsbtHex(bidderSignedHex, network, 'bidderSignedPsbtHex');
  const seller = parsePsbtHex(sellerSignedHex, network, 'sellerSignedPsbtHex');
  const tx = unsignedTx(bidder);
  if (unsignedTx(seller).getId() !== tx.getId()) throw new OfferError('psbt_changed', 'The seller signed another transaction than the winning offer', 'sellerSignedPsbtHex');
  // A signature is checked against the amounts and scripts it commits to: those of the bidder's offer (checked
  // against the chain when the bid was placed), never a copy the seller's PSBT could carry altered.
  if (!seller.data.inputs.every((input, i) => sameOutput(input.witnessUtxo, bidder.data.inputs[i]!.witnessUtxo))) {
    throw new OfferError('psbt_changed', "The seller's PSBT describes other coins than the winning offer", 'sellerSignedPsbtHex');
  }
  verifyInputSignature(seller, tx, sellerIndex, 'seller inscription');
  // The seller's input goes out with exactly the signature just verified, in the form it was read from.
  const signed = seller.data.inputs[sellerIndex]!;
  const into = bidder.data.inputs[sellerIndex]!;
  for (const key of ['partialSig', 'tapKeySig', 'tapScriptSig', 'finalScriptSig', 'finalScriptWitness'] as const) delete into[key];
  if (signed.finalScriptWitness) into.finalScriptWitness = signed.finalScriptWitness;
  else if (signed.tapKeySig) into.tapKeySig = signed.tapKeySig;
  else into.partialSig = signed.partialSig!.slice(0, 1);
  return bidder;
}

/** Finalizes every input not finalized yet and extracts the network transaction. */
export function finalizeSwap(psbt: bitcoin.Psbt): SettledSwap {
  try {
    psbt.data.inputs.forEach((input, i) => {
      if (!input.finalScriptWitness) psbt.finalizeInput(i);
    });
    const tx = psbt.extractTransaction();
    return { txHex: tx.toHex(), txid: tx.getId(), vsize: tx.virtualSize(), fee: Number(psbt.getFee()) };
  } catch (error) {
    throw new OfferError('finalize_failed', `Failed to finalize PSBT: ${error instanceof Error ? error.message : String(error)}`, 'sellerSignedPsbtHex');
  }
}

function sameOutput(a: { script: Uint8Array; value: bigint } | undefined, b: { script: Uint8Array; value: bigint } | undefined): boolean {
  return a !== undefined && b !== undefined && a.value === b.value && Buffer.from(a.script).equals(Buffer.from(b.script));
}
