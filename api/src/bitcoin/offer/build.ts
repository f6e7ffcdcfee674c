/**
 * Building the offer PSBT for a bid on a BTC lot (layout.ts): pick the bidder's dummy and payment UTXOs
 * among the spendable ones (never one ord says carries an inscription, never a 546-sat one), lay out the
 * swap at the recommended fee rate, and bind it to its lot and bid with a proprietary global field so a PSBT
 * replayed on another bid is recognised.
 */
import { checkBitcoinAddress, type BitcoinNetworkName, type RateTable } from '@gavel/domain';
import { bitcoin, bitcoinjsNetwork } from '../network.ts';
import { DUMMY_MAX_SATS, DUMMY_MIN_SATS, estimateVsize, houseShareOf, INSCRIPTION_OUTPUT_SATS, NEW_DUMMY_SATS, OfferError, outpointKey, SIGHASH_ALL, type SpendType } from './layout.ts';

export interface Utxo {
  txid: string;
  vout: number;
  value: number;
}

export interface OfferRequest {
  network: BitcoinNetworkName;
  lotId: string;
  bidId: string;
  /** The bid in sats: what the seller receives. */
  price: number;
  /** sat/vB, e.g. Esplora's halfHourFee. */
  feeRate: number;
  seller: {
    /** The output holding the inscription at offset 0, with its scriptPubKey (hex). */
    inscriptionUtxo: Utxo & { script: string };
    /** x-only key of a taproot inscription output (the wallet's ordinals public key), needed to sign it. */
    tapInternalKey?: string;
    payoutAddress: string;
  };
  bidder: {
    paymentAddress: string;
    /** Wallet-reported key: 33-byte for p2wpkh (unused), 32-byte x-only (or 33-byte) for p2tr payment addresses. */
    paymentPublicKey?: string;
    ordinalsAddress: string;
    /** UTXOs of the payment address (Esplora), before filtering. */
    utxos: Utxo[];
    /** Outpoints ord reports as carrying inscriptions. */
    inscribedOutpoints: ReadonlySet<string>;
  };
  platformFeeAddress: string;
  platformFeeBps?: number;
  /** The buyer's premium of the lot's event, in sats (house-rates.ts): paid to the fee address with the platform fee. */
  premium?: RateTable;
  /** The seller's commission of the lot's event, in sats: taken from the hammer and paid to the fee address too. */
  commission?: RateTable;
  /**
   * The bidder's inputs, already chosen: every step of a ladder spends exactly these (chosen for its top step),
   * so that at most one of its offers can ever be broadcast. Without them the cheapest cover is picked.
   */
  inputs?: { dummy: Utxo; payments: Utxo[] };
}

export interface BuiltOffer {
  psbtHex: string;
  /** Txid of the unsigned swap: the same once every signature is in (segwit). */
  txid: string;
  dummy: Utxo;
  payments: Utxo[];
  platformFee: number;
  /** The buyer's premium the swap pays the house, in sats. */
  premium: number;
  networkFee: number;
  change: number;
  vsize: number;
}

/** BIP-174 proprietary global key: 0xFC, identifier "gavel", subtype 0 = `lotId:bidId`. */
export const BINDING_KEY = Uint8Array.from([0xfc, 5, ...new TextEncoder().encode('gavel'), 0]);

export function bindingOf(psbt: bitcoin.Psbt): string | null {
  const found = psbt.data.globalMap.unknownKeyVals?.find((kv) => Buffer.compare(Buffer.from(kv.key), Buffer.from(BINDING_KEY)) === 0);
  return found ? new TextDecoder().decode(found.value) : null;
}

/** Checks an address against the network; the error names the request field. */
export function scriptOf(address: string, network: BitcoinNetworkName, field: string): { script: Uint8Array; type: 'p2wpkh' | 'p2wsh' | 'p2tr' } {
  const check = checkBitcoinAddress(address, network);
  if (!check.ok) throw new OfferError('invalid_address', check.message, field);
  return { script: bitcoin.address.toOutputScript(address, bitcoinjsNetwork(network)), type: check.type };
}

export function spendableUtxos(utxos: Utxo[], inscribed: ReadonlySet<string>): Utxo[] {
  return utxos.filter((u) => u.value !== INSCRIPTION_OUTPUT_SATS && !inscribed.has(outpointKey(u)));
}

export function buildOffer(request: OfferRequest): BuiltOffer {
  const { network, seller, bidder, price, feeRate } = request;
  if (!Number.isSafeInteger(price) || price < INSCRIPTION_OUTPUT_SATS) throw new OfferError('invalid_amount', `Bid must be at least ${INSCRIPTION_OUTPUT_SATS} sats`, 'amount');
  if (!(feeRate > 0)) throw new OfferError('invalid_fee_rate', 'Fee rate must be positive', 'feeRate');
  const payment = scriptOf(bidder.paymentAddress, network, 'walletAddress');
  if (payment.type === 'p2wsh') throw new OfferError('invalid_address', 'Payment address must be native segwit (p2wpkh) or taproot (p2tr)', 'walletAddress');
  const ordinals = scriptOf(bidder.ordinalsAddress, network, 'ordinalsAddress');
  const payout = scriptOf(seller.payoutAddress, network, 'payoutAddress');
  const platform = scriptOf(request.platformFeeAddress, network, 'platformFeeAddress');
  const sellerType = spendTypeOf(Buffer.from(seller.inscriptionUtxo.script, 'hex'));
  if (!sellerType) throw new OfferError('unsupported_inscription_output', 'The inscription must sit on a native segwit or taproot output', 'inscriptionId');

  const spendable = spendableUtxos(bidder.utxos, bidder.inscribedOutpoints).filter((u) => outpointKey(u) !== outpointKey(seller.inscriptionUtxo));
  const dummy = request.inputs?.dummy ?? spendable.filter((u) => u.value >= DUMMY_MIN_SATS && u.value <= DUMMY_MAX_SATS).sort((a, b) => a.value - b.value)[0];
  if (!dummy) {
    throw new OfferError(
      'no_dummy_utxo',
      `Your payment address needs a small unspent output of ${DUMMY_MIN_SATS}-${DUMMY_MAX_SATS} sats (a dummy UTXO) before it can bid on an inscription`,
      'walletAddress',
    );
  }
  const paymentType = payment.type;
  const house = houseShareOf(price, request, request.platformFeeBps);
  const fixedOutputs = [ordinals.script.length, payout.script.length, platform.script.length, payment.script.length];
  // What the payment inputs must cover: output 0 is paid by the dummy and inscription inputs themselves.
  const owed = price + house.fromBidder + NEW_DUMMY_SATS;

  const candidates = request.inputs?.payments ?? spendable.filter((u) => u !== dummy).sort((a, b) => b.value - a.value);
  const payments: Utxo[] = [];
  let paid = 0;
  let networkFee = 0;
  let change = 0;
  let vsize = 0;
  let covered = false;
  for (const utxo of candidates) {
    payments.push(utxo);
    paid += utxo.value;
    // Inputs chosen beforehand are all spent, whatever a lower step would have needed.
    if (request.inputs && payments.length < candidates.length) continue;
    const types: SpendType[] = [paymentType, sellerType, ...payments.map(() => paymentType)];
    vsize = estimateVsize(types, [...fixedOutputs, payment.script.length]);
    networkFee = Math.ceil(vsize * feeRate);
    change = paid - owed - networkFee;
    if (change >= INSCRIPTION_OUTPUT_SATS) {
      covered = true;
      break;
    }
    // Without a change output the transaction is smaller; dust change goes to the fee.
    const vsizeNoChange = estimateVsize(types, fixedOutputs);
    const feeNoChange = Math.ceil(vsizeNoChange * feeRate);
    if (paid - owed - feeNoChange >= 0) {
      vsize = vsizeNoChange;
      networkFee = paid - owed;
      change = 0;
      covered = true;
      break;
    }
  }
  if (!covered) {
    const available = candidates.reduce((s, u) => s + u.value, 0);
    throw new OfferError(
      'insufficient_funds',
      `Insufficient funds: this bid needs ${owed + Math.ceil(estimateVsize([paymentType, sellerType, paymentType], fixedOutputs) * feeRate)} sats (bid, ${house.premium > 0 ? 'buyer’s premium, ' : ''}platform fee, new dummy and network fee) and the payment address has ${available} sats spendable`,
      'amount',
    );
  }

  const psbt = new bitcoin.Psbt({ network: bitcoinjsNetwork(network) });
  psbt.addUnknownKeyValToGlobal({ key: BINDING_KEY, value: new TextEncoder().encode(`${request.lotId}:${request.bidId}`) });
  const bidderInput = (u: Utxo) => ({
    hash: u.txid,
    index: u.vout,
    sequence: 0xfffffffd,
    witnessUtxo: { script: payment.script, value: BigInt(u.value) },
    ...(paymentType === 'p2tr' && bidder.paymentPublicKey ? { tapInternalKey: xOnly(bidder.paymentPublicKey) } : {}),
  });
  psbt.addInput(bidderInput(dummy));
  psbt.addInput({
    hash: seller.inscriptionUtxo.txid,
    index: seller.inscriptionUtxo.vout,
    sequence: 0xfffffffd,
    witnessUtxo: { script: Buffer.from(seller.inscriptionUtxo.script, 'hex'), value: BigInt(seller.inscriptionUtxo.value) },
    // Named on the input: a taproot signer otherwise picks DEFAULT, which Leather (allowed sighash 1) refuses.
    sighashType: SIGHASH_ALL,
    ...(sellerType === 'p2tr' && seller.tapInternalKey ? { tapInternalKey: xOnly(seller.tapInternalKey) } : {}),
  });
  for (const u of payments) psbt.addInput(bidderInput(u));
  psbt.addOutput({ script: ordinals.script, value: BigInt(dummy.value + seller.inscriptionUtxo.value) });
  psbt.addOutput({ script: payout.script, value: BigInt(house.toSeller) });
  psbt.addOutput({ script: platform.script, value: BigInt(house.total) });
  psbt.addOutput({ script: payment.script, value: BigInt(NEW_DUMMY_SATS) });
  if (change > 0) psbt.addOutput({ script: payment.script, value: BigInt(change) });
  return { psbtHex: psbt.toHex(), txid: unsignedTxid(psbt), dummy, payments, platformFee: house.platformFee, premium: house.premium, networkFee, change, vsize };
}

export function spendTypeOf(script: Uint8Array): SpendType | null {
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) return 'p2wpkh';
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) return 'p2tr';
  return null;
}

export function unsignedTxid(psbt: bitcoin.Psbt): string {
  return unsignedTx(psbt).getId();
}

/** The PSBT's unsigned transaction as bitcoinjs's Transaction (for txids and sighashes). */
export function unsignedTx(psbt: bitcoin.Psbt): bitcoin.Transaction {
  const tx = new bitcoin.Transaction();
  tx.version = psbt.version;
  tx.locktime = psbt.locktime;
  for (const input of psbt.txInputs) tx.addInput(input.hash, input.index, input.sequence);
  for (const output of psbt.txOutputs) tx.addOutput(output.script, output.value);
  return tx;
}

function xOnly(hex: string): Uint8Array {
  const key = Buffer.from(hex, 'hex');
  if (key.length === 33) return key.subarray(1);
  if (key.length !== 32) throw new OfferError('invalid_public_key', 'Public key must be 32 or 33 bytes of hex', 'publicKey');
  return key;
}
