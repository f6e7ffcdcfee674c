/**
 * Checking a bidder-signed offer PSBT against the one built for the bid: it must be exactly that PSBT (no
 * input, output, amount or address changed), the inscription must still land in output 0, every bidder input
 * must carry a valid SIGHASH_ALL signature, and every input must exist on chain as claimed and be unspent.
 * The checks run from the most specific to the most general, so each hostile PSBT gets the error that names
 * what it tried.
 */
import { MAX_PSBT_HEX_LENGTH, PSBT_TOO_LARGE, type BitcoinNetworkName } from '@gavel/domain';
import { bitcoin, bitcoinjsNetwork } from '../network.ts';
import { bindingOf, unsignedTx } from './build.ts';
import { DUMMY_MAX_SATS, DUMMY_MIN_SATS, INDEX, OfferError } from './layout.ts';
import { signatureOf, verifyInputSignature } from './signatures.ts';

/** What the chain says about an outpoint (Esplora tx + outspend); null when it does not exist. */
export interface ChainView {
  output(txid: string, vout: number): Promise<{ value: number; script: string; spent: boolean } | null>;
}

export interface OfferContext {
  network: BitcoinNetworkName;
  lotId: string;
  bidId: string;
  /** The PSBT hex built for this bid (stored with it). */
  builtPsbtHex: string;
}

const OUTPUT_ROLES = ['inscription output', 'payout to the seller', 'platform fee and buyer’s premium', 'new dummy', 'change'] as const;

/** Parses untrusted PSBT hex with a size limit; every failure is the same clear refusal (invalid). */
export function parsePsbtHex(hex: unknown, network: BitcoinNetworkName, field = 'signedPsbtHex'): bitcoin.Psbt {
  if (typeof hex !== 'string' || hex.length === 0) throw new OfferError('invalid_psbt', 'PSBT hex is required', field);
  if (hex.length > MAX_PSBT_HEX_LENGTH) throw new OfferError('psbt_too_large', PSBT_TOO_LARGE, field);
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) throw new OfferError('invalid_psbt', 'PSBT must be hex', field);
  try {
    return bitcoin.Psbt.fromHex(hex, { network: bitcoinjsNetwork(network) });
  } catch {
    throw new OfferError('invalid_psbt', 'Malformed PSBT: it could not be decoded', field);
  }
}

/** Validates the bidder-signed PSBT; answers it parsed, with the swap's txid. Throws OfferError. */
export async function validateBidderSigned(signedHex: unknown, context: OfferContext, chain: ChainView): Promise<{ psbt: bitcoin.Psbt; txid: string }> {
  const built = parsePsbtHex(context.builtPsbtHex, context.network, 'builtPsbtHex');
  const signed = parsePsbtHex(signedHex, context.network);
  checkShape(signed, built, context);
  const tx = unsignedTx(signed);
  signed.txInputs.forEach((_, index) => {
    if (index === INDEX.sellerInput) {
      if (signatureOf(signed, index)) throw new OfferError('seller_input_signed', "Input 1 is the seller's inscription: the bidder must not sign it", 'signedPsbtHex');
      return;
    }
    verifyInputSignature(signed, tx, index, index === INDEX.dummyInput ? 'bidder dummy' : 'bidder payment');
  });
  await checkUnspent(signed, chain);
  return { psbt: signed, txid: tx.getId() };
}

/** Same PSBT as built, in the order a hostile edit is most clearly named. */
export function checkShape(signed: bitcoin.Psbt, built: bitcoin.Psbt, context: OfferContext): void {
  const binding = bindingOf(signed);
  if (binding !== null && binding !== `${context.lotId}:${context.bidId}`) {
    throw new OfferError('psbt_other_bid', 'This PSBT was built for another bid or lot; sign the PSBT returned for this bid', 'signedPsbtHex');
  }
  const sIn = signed.txInputs;
  const bIn = built.txInputs;
  const sOut = signed.txOutputs;
  const bOut = built.txOutputs;
  const outpoint = (i: { hash: Uint8Array; index: number }) => `${Buffer.from(i.hash).reverse().toString('hex')}:${i.index}`;
  const inputValue = (psbt: bitcoin.Psbt, i: number) => Number(psbt.data.inputs[i]?.witnessUtxo?.value ?? -1n);

  // Binding missing (a wallet may drop unknown fields) and nothing in common with this bid's offer: a replay.
  if (binding === null && !sIn.some((i) => bIn.some((b) => outpoint(b) === outpoint(i)))) {
    throw new OfferError('psbt_other_bid', 'This PSBT was built for another bid or lot; sign the PSBT returned for this bid', 'signedPsbtHex');
  }
  // The dummy: present, the bidder's, large enough to keep the inscription off the fee.
  const sellerOutpoint = outpoint(bIn[INDEX.sellerInput]!);
  if (sIn.length === 0 || outpoint(sIn[0]!) === sellerOutpoint) {
    throw new OfferError('missing_dummy', `The bidder's dummy input is missing: input 0 must be a ${DUMMY_MIN_SATS}-${DUMMY_MAX_SATS} sat output of the bidder`, 'signedPsbtHex');
  }
  const dummyValue = inputValue(signed, 0);
  if (dummyValue < DUMMY_MIN_SATS) throw new OfferError('undersized_dummy', `The dummy input holds ${dummyValue} sats; it must hold at least ${DUMMY_MIN_SATS}`, 'signedPsbtHex');
  if (!sIn[INDEX.sellerInput] || outpoint(sIn[INDEX.sellerInput]!) !== sellerOutpoint) {
    throw new OfferError('inscription_input_changed', "Input 1 must be the seller's inscription output", 'signedPsbtHex');
  }
  // Every bidder input must come from the bidder's payment address.
  const paymentScript = Buffer.from(built.data.inputs[0]!.witnessUtxo!.script);
  signed.data.inputs.forEach((input, i) => {
    if (i === INDEX.sellerInput) return;
    if (!input.witnessUtxo || Buffer.compare(Buffer.from(input.witnessUtxo.script), paymentScript) !== 0) {
      throw new OfferError('foreign_input', `Input ${i} spends an output that is not the bidder's payment address`, 'signedPsbtHex');
    }
  });
  if (sIn.length !== bIn.length || sIn.some((i, n) => outpoint(i) !== outpoint(bIn[n]!) || i.sequence !== bIn[n]!.sequence)) {
    throw new OfferError('inputs_changed', 'Inputs were changed: the PSBT must spend exactly the inputs offered', 'signedPsbtHex');
  }
  // The inscription's first sat starts after the dummy's sats: it must land inside output 0.
  const inscriptionOffset = dummyValue;
  if (!sOut[0] || Number(sOut[0].value) <= inscriptionOffset) {
    throw new OfferError('inscription_moved', "The inscription would leave output 0 (the bidder's ordinals output): output 0 must hold the dummy and the inscription's sats", 'signedPsbtHex');
  }
  if (sOut.length !== bOut.length) throw new OfferError('outputs_changed', 'Outputs were added or removed', 'signedPsbtHex');
  sOut.forEach((out, n) => {
    const want = bOut[n]!;
    const role = OUTPUT_ROLES[n] ?? `output ${n}`;
    if (Buffer.compare(Buffer.from(out.script), Buffer.from(want.script)) !== 0) {
      const code = n === INDEX.priceOutput ? 'payout_address_changed' : n === INDEX.inscriptionOutput ? 'inscription_address_changed' : 'output_address_changed';
      throw new OfferError(code, `Output ${n} (${role}) pays another address than the offer`, 'signedPsbtHex');
    }
    if (out.value !== want.value) {
      const code = n === INDEX.priceOutput ? 'payout_amount_changed' : n === INDEX.inscriptionOutput ? 'inscription_moved' : 'output_amount_changed';
      throw new OfferError(code, `Output ${n} (${role}) was changed from ${want.value} to ${out.value} sats`, 'signedPsbtHex');
    }
  });
  signed.data.inputs.forEach((input, i) => {
    const want = built.data.inputs[i]!.witnessUtxo!;
    if (input.witnessUtxo!.value !== want.value || Buffer.compare(Buffer.from(input.witnessUtxo!.script), Buffer.from(want.script)) !== 0) {
      throw new OfferError('inputs_changed', `Input ${i} claims another amount or script than the output it spends`, 'signedPsbtHex');
    }
  });
  if (signed.version !== built.version || signed.locktime !== built.locktime) throw new OfferError('psbt_changed', 'The transaction version or locktime was changed', 'signedPsbtHex');
}

/** Every input exists on chain as the PSBT describes it and is not spent (mempool included). */
export async function checkUnspent(psbt: bitcoin.Psbt, chain: ChainView): Promise<void> {
  const found = await Promise.all(psbt.txInputs.map((i) => chain.output(Buffer.from(i.hash).reverse().toString('hex'), i.index)));
  found.forEach((output, i) => {
    const input = psbt.txInputs[i]!;
    const where = `${Buffer.from(input.hash).reverse().toString('hex')}:${input.index}`;
    if (!output) throw new OfferError('input_unknown', `Input ${i} (${where}) does not exist on chain`, 'signedPsbtHex');
    const claimed = psbt.data.inputs[i]!.witnessUtxo!;
    if (output.value !== Number(claimed.value) || output.script !== Buffer.from(claimed.script).toString('hex')) {
      throw new OfferError('input_mismatch', `Input ${i} (${where}) does not hold the amount or script the PSBT claims`, 'signedPsbtHex');
    }
    if (output.spent) throw new OfferError('input_spent', `Input ${i} (${where}) is already spent`, 'signedPsbtHex');
  });
}
