/**
 * The offer PSBT of a binding bid: the swap spends the bidder's vault outputs by the cooperative leaf, which needs
 * Gavel's key G as well as the bidder's, so the bidder cannot move these coins between the bid and the swap. Gavel
 * co-signs them only in the winning swap, at settlement (bitcoin-settlement/vault-settle.ts). Layout, with no dummy:
 *
 *   inputs  [0 seller inscription, 1.. vault outputs]
 *   outputs [0 inscription to the bidder's ordinals address (exactly the inscription output's sats),
 *            1 price less the commission to the seller, 2 the house's share (platform fee, buyer's premium and
 *            seller's commission) to the house anchor address, 3 change back to the vault (left out when under dust)]
 *
 * The house output pays the anchor key the worker holds (house-anchor.ts), not the fee address: the worker sweeps it
 * there in a child transaction that pays for the swap when its feerate, fixed at the bid, is too low at the close.
 *
 * The dummy of today's offers exists to keep the inscription off output 0's first sats of another input; here the
 * inscription is input 0, so output 0 takes its sats first-in first-out, offset 0, and needs none. Everyone signs
 * SIGHASH_ALL (or taproot's DEFAULT), so neither side can change the swap. The PSBT carries the lot and bid
 * binding (BINDING_KEY) and a layout field (VAULT_LAYOUT_KEY) naming the vault address, so settlement knows the
 * seller's input is 0.
 */
import { VAULT_SPEND_VBYTES, type Vault } from '@gavel/domain/bitcoin-vault';
import type { BitcoinNetworkName } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { bitcoin, bitcoinjsNetwork } from '../network.ts';
import { BINDING_KEY, scriptOf, spendTypeOf, unsignedTx, type OfferRequest, type Utxo } from '../offer/build.ts';
import { estimateVsize, houseShareOf, INDEX, INSCRIPTION_OUTPUT_SATS, OfferError, SIGHASH_ALL } from '../offer/layout.ts';
import { scriptPathSignatureOf, verifyScriptPathSignature } from '../offer/signatures.ts';
import { addCooperativeInputs, COOPERATIVE_SEQUENCE } from './cooperative-inputs.ts';

/** BIP-174 proprietary global key: 0xFC, "gavel", subtype 1 = the vault address a binding offer spends from. */
export const VAULT_LAYOUT_KEY = Uint8Array.from([0xfc, 5, ...new TextEncoder().encode('gavel'), 1]);
export const VAULT_OFFER_SELLER_INPUT = 0;
/** The house's output of a binding swap: the one the worker's child transaction spends. */
export const VAULT_OFFER_HOUSE_OUTPUT = 2;

export interface VaultOfferRequest {
  network: BitcoinNetworkName;
  lotId: string;
  bidId: string;
  price: number;
  feeRate: number;
  seller: OfferRequest['seller'];
  vault: Vault;
  ordinalsAddress: string;
  /** The vault outputs it may spend, in the order to take them. */
  outputs: Utxo[];
  /** The house anchor's address (Vaults.currentHouseAddress): output 2 pays it. */
  houseAddress: string;
  platformFeeBps?: number;
  /** The buyer's premium of the lot's event, in sats: paid to the house output with the platform fee (layout.ts). */
  premium?: OfferRequest['premium'];
  /** The seller's commission of the lot's event, in sats: taken from the hammer into the house output. */
  commission?: OfferRequest['commission'];
  /** Spend every output given (a ladder's lower steps spend exactly the top step's), not just enough of them. */
  spendAll?: boolean;
}

export interface BuiltVaultOffer {
  psbtHex: string;
  txid: string;
  inputs: Utxo[];
  platformFee: number;
  premium: number;
  networkFee: number;
  change: number;
  vsize: number;
  /** What the outputs given could pay at most (for the refusal's wording). */
  needed: number;
}

/** The vault address a PSBT's layout field names: a binding offer; null for today's layout. */
export function vaultLayoutOf(psbt: bitcoin.Psbt): string | null {
  const found = psbt.data.globalMap.unknownKeyVals?.find((kv) => Buffer.compare(Buffer.from(kv.key), Buffer.from(VAULT_LAYOUT_KEY)) === 0);
  return found ? new TextDecoder().decode(found.value) : null;
}

export function buildVaultOffer(request: VaultOfferRequest): BuiltVaultOffer {
  const { network, seller, vault, price, feeRate } = request;
  if (!Number.isSafeInteger(price) || price < INSCRIPTION_OUTPUT_SATS) throw new OfferError('invalid_amount', `Bid must be at least ${INSCRIPTION_OUTPUT_SATS} sats`, 'amount');
  const ordinals = scriptOf(request.ordinalsAddress, network, 'ordinalsAddress');
  const payout = scriptOf(seller.payoutAddress, network, 'payoutAddress');
  const houseOutput = scriptOf(request.houseAddress, network, 'houseAddress');
  const sellerScript = Buffer.from(seller.inscriptionUtxo.script, 'hex');
  const sellerType = spendTypeOf(sellerScript);
  if (!sellerType) throw new OfferError('unsupported_inscription_output', 'The inscription must sit on a native segwit or taproot output', 'inscriptionId');
  const house = houseShareOf(price, request, request.platformFeeBps);
  const owed = price + house.fromBidder;
  const fixedOutputs = [ordinals.script.length, payout.script.length, houseOutput.script.length];
  const vsizeOf = (inputs: number, change: boolean) => estimateVsize([sellerType], change ? [...fixedOutputs, vault.script.length] : fixedOutputs) + inputs * VAULT_SPEND_VBYTES.cooperativeInput;

  const inputs: Utxo[] = [];
  let paid = 0;
  let found: { vsize: number; networkFee: number; change: number } | null = null;
  for (const output of request.outputs) {
    inputs.push(output);
    paid += output.value;
    if (request.spendAll && inputs.length < request.outputs.length) continue;
    const withChange = vsizeOf(inputs.length, true);
    const change = paid - owed - Math.ceil(withChange * feeRate);
    if (change >= INSCRIPTION_OUTPUT_SATS) {
      found = { vsize: withChange, networkFee: Math.ceil(withChange * feeRate), change };
      break;
    }
    // Without a change output the transaction is smaller; dust change goes to the fee.
    const without = vsizeOf(inputs.length, false);
    if (paid - owed - Math.ceil(without * feeRate) >= 0) {
      found = { vsize: without, networkFee: paid - owed, change: 0 };
      break;
    }
  }
  const needed = owed + Math.ceil(vsizeOf(Math.max(1, inputs.length), false) * feeRate);
  if (!found)
    throw Object.assign(
      new OfferError('insufficient_funds', `This bid needs ${needed} sats from your vault (bid, ${house.premium > 0 ? 'buyer’s premium, ' : ''}platform fee and network fee)`, 'amount'),
      { needed },
    );

  const psbt = new bitcoin.Psbt({ network: bitcoinjsNetwork(network) });
  psbt.setVersion(2);
  psbt.addUnknownKeyValToGlobal({ key: BINDING_KEY, value: new TextEncoder().encode(`${request.lotId}:${request.bidId}`) });
  psbt.addUnknownKeyValToGlobal({ key: VAULT_LAYOUT_KEY, value: new TextEncoder().encode(vault.address) });
  psbt.addInput({
    hash: seller.inscriptionUtxo.txid,
    index: seller.inscriptionUtxo.vout,
    sequence: COOPERATIVE_SEQUENCE,
    witnessUtxo: { script: sellerScript, value: BigInt(seller.inscriptionUtxo.value) },
    // Named on the input: a taproot signer otherwise picks DEFAULT, which Leather (allowed sighash 1) refuses.
    sighashType: SIGHASH_ALL,
    ...(sellerType === 'p2tr' && seller.tapInternalKey ? { tapInternalKey: xOnly(seller.tapInternalKey) } : {}),
  });
  addCooperativeInputs(psbt, vault, inputs);
  psbt.addOutput({ script: ordinals.script, value: BigInt(seller.inscriptionUtxo.value) });
  psbt.addOutput({ script: payout.script, value: BigInt(house.toSeller) });
  psbt.addOutput({ script: houseOutput.script, value: BigInt(house.total) });
  if (found.change > 0) psbt.addOutput({ script: vault.script, value: BigInt(found.change) });
  return { psbtHex: psbt.toHex(), txid: unsignedTx(psbt).getId(), inputs, platformFee: house.platformFee, premium: house.premium, ...found, needed };
}

/** The vault inputs of a binding offer: every input but the seller's. */
export function vaultInputIndices(psbt: bitcoin.Psbt): number[] {
  return psbt.txInputs.map((_, i) => i).filter((i) => i !== VAULT_OFFER_SELLER_INPUT);
}

/**
 * The built offer with the bidder's cooperative-leaf signature of every vault input copied from `signedHex`, once
 * each verifies over exactly the built transaction (SIGHASH_DEFAULT or ALL). The seller's input is left as built:
 * whatever the signed PSBT carries there is dropped. Throws OfferError.
 */
export function withBidderVaultSignatures(builtHex: string, signedHex: string, vault: Vault, network: BitcoinNetworkName): bitcoin.Psbt {
  const net = bitcoinjsNetwork(network);
  const built = bitcoin.Psbt.fromHex(builtHex, { network: net });
  let signed: bitcoin.Psbt;
  try {
    signed = /^[0-9a-f]+$/i.test(signedHex) ? bitcoin.Psbt.fromHex(signedHex, { network: net }) : bitcoin.Psbt.fromBase64(signedHex, { network: net });
  } catch {
    throw new OfferError('invalid_psbt', 'Malformed PSBT: it could not be decoded', 'signedPsbtHex');
  }
  const tx = unsignedTx(built);
  if (unsignedTx(signed).getId() !== tx.getId()) throw new OfferError('psbt_changed', 'The signed PSBT is not the offer that was built: sign it as it was given', 'signedPsbtHex');
  const bidder = Buffer.from(vault.bidderKey, 'hex');
  const prevouts = built.data.inputs.map((input) => input.witnessUtxo!);
  const indices = vaultInputIndices(built);
  // Not one leaf signature: the wallet cannot sign script paths at all (a hardware key), so say that rather than name an input.
  if (indices.every((index) => !scriptPathSignatureOf(signed, index, bidder, vault.cooperative.leafHash)))
    throw new OfferError('vault_script_path_unsigned', walletMessages.vaultScriptPathUnsigned, 'signedPsbtHex');
  for (const index of indices) {
    const found = scriptPathSignatureOf(signed, index, bidder, vault.cooperative.leafHash);
    if (!found) throw new OfferError('unsigned_input', `Input ${index} carries no signature by your ordinals key on the vault's cooperative leaf`, 'signedPsbtHex');
    if (!verifyScriptPathSignature(tx, prevouts, index, vault.cooperative.leafHash, found))
      throw new OfferError('invalid_signature', `Input ${index} has a signature that does not verify`, 'signedPsbtHex');
    built.updateInput(index, { tapScriptSig: [{ pubkey: bidder, leafHash: vault.cooperative.leafHash, signature: found.signature }] });
  }
  return built;
}

function xOnly(hex: string): Uint8Array {
  const key = Buffer.from(hex, 'hex');
  return key.length === 33 ? key.subarray(1) : key;
}

/** The seller's input of an offer PSBT: 0 in a binding offer, 1 in today's layout. */
export function sellerInputIndexOf(psbt: bitcoin.Psbt): number {
  return vaultLayoutOf(psbt) === null ? INDEX.sellerInput : VAULT_OFFER_SELLER_INPUT;
}
