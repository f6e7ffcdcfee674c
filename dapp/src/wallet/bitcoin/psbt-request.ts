/**
 * What a Bitcoin wallet is asked to sign, built from the api's PSBT before any wallet is involved: which inputs
 * belong to which of the wallet's addresses, with which sighash, and the two wallets' request shapes (Xverse:
 * sats-connect `signPsbt` with base64 and `signInputs` by address; Leather: `signPsbt` with hex,
 * `allowedSighash` and `signAtIndex`). Part of the wallet chunk (it decodes PSBTs with @scure/btc-signer).
 */
import { Address, OutScript, Transaction } from '@scure/btc-signer';
import { BIDDER_SIGHASH, SELLER_SIGHASH, walletMessages } from '@gavel/domain/wallet-rules';
import type { BitcoinWalletRaw } from '../wallet-store.ts';
import { WalletError } from '../evm/evm-errors.ts';

export interface SignPsbtRequest {
  /** The PSBT to sign, possibly completed with what the wallet needs (a taproot input's internal key). */
  psbtHex: string;
  /** Inputs to sign, by the wallet address that owns them. */
  inputs: Array<{ address: string; indices: number[] }>;
  sighash: typeof BIDDER_SIGHASH | typeof SELLER_SIGHASH;
}

// PSBT bytes as the wallets and the api exchange them (hex for the api and Leather, base64 for Xverse).
const hex = {
  encode: (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''),
  decode: (text: string) => {
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) throw new WalletError('The transaction to sign could not be read. Please try again.');
    return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  },
};
const base64 = {
  encode: (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join('')),
  decode: (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0)),
};

// Offer PSBTs carry Gavel's own global keys (the lot and bid they belong to): keep them as they are.
const PSBT_OPTIONS = { allowUnknown: true, allowUnknownInputs: true, allowUnknownOutputs: true };

function decode(psbtHex: string): Transaction {
  try {
    return Transaction.fromPSBT(hex.decode(psbtHex), PSBT_OPTIONS);
  } catch {
    throw new WalletError('The transaction to sign could not be read. Please try again.');
  }
}

/** The output script an address pays to; segwit only (bc1/tb1/bcrt1), which is all these wallets use. */
function scriptOf(address: string): string | null {
  const hrp = address.slice(0, address.lastIndexOf('1')).toLowerCase();
  try {
    return hex.encode(OutScript.encode(Address({ bech32: hrp, pubKeyHash: 0, scriptHash: 0, wif: 0 }).decode(address)));
  } catch {
    return null; // not an address of the kind these PSBTs spend: it owns none of their inputs
  }
}

/** Indices of the inputs spending outputs of `address`. */
function inputsOf(tx: Transaction, address: string): number[] {
  const script = scriptOf(address);
  const owned: number[] = [];
  if (script === null) return owned;
  for (let i = 0; i < tx.inputsLength; i++) {
    const utxo = tx.getInput(i).witnessUtxo;
    if (utxo && hex.encode(utxo.script) === script) owned.push(i);
  }
  return owned;
}

/**
 * A bidder's offer: the dummy and payment inputs of the payment address (and any of the ordinals address),
 * signed SIGHASH_ALL; the seller's inscription input is left alone. The PSBT is passed on unchanged: the api
 * refuses any PSBT that differs from the one it built.
 */
export function bidderSignRequest(psbtHex: string, raw: BitcoinWalletRaw): SignPsbtRequest {
  const tx = decode(psbtHex);
  const addresses = [...new Set([raw.paymentAddress, raw.ordinalAddress])];
  const inputs = addresses.map((address) => ({ address, indices: inputsOf(tx, address) })).filter((entry) => entry.indices.length > 0);
  if (inputs.length === 0) throw new WalletError(walletMessages.noAddress);
  return { psbtHex, inputs, sighash: BIDDER_SIGHASH };
}

/**
 * The seller's co-signature of the winning offer: the inscription input(s) the api names, signed by the seller
 * address with SIGHASH_ALL (Leather's one allowed sighash; the api built the input naming it). A taproot input
 * gets the wallet's internal key, which key-path signers need and the api cannot know.
 */
export function sellerSignRequest(psbtHex: string, sellerInputIndices: number[], sellerAddress: string, raw: BitcoinWalletRaw): SignPsbtRequest {
  const tx = decode(psbtHex);
  const owned = new Set(inputsOf(tx, sellerAddress));
  const indices = sellerInputIndices.filter((i) => owned.has(i));
  if (indices.length === 0) throw new WalletError(walletMessages.noAddress);
  const publicKey = sellerAddress.toLowerCase() === raw.ordinalAddress.toLowerCase() ? raw.ordinalPublicKey : raw.paymentPublicKey;
  let changed = false;
  for (const index of indices) {
    const input = tx.getInput(index);
    const taproot = input.witnessUtxo && input.witnessUtxo.script[0] === 0x51;
    if (taproot && !input.tapInternalKey && publicKey) {
      // Wallets report a taproot key x-only (32 bytes) or, some, compressed (33): the internal key is x-only.
      tx.updateInput(index, { tapInternalKey: hex.decode(publicKey).slice(-32) }, true);
      changed = true;
    }
  }
  return { psbtHex: changed ? hex.encode(tx.toPSBT()) : psbtHex, inputs: [{ address: sellerAddress, indices }], sighash: SELLER_SIGHASH };
}

/** sats-connect's `signPsbt` params: base64 PSBT, inputs by address; the sighash is the one each input names. */
export function xverseSignParams(request: SignPsbtRequest) {
  return {
    psbt: base64.encode(hex.decode(request.psbtHex)),
    signInputs: Object.fromEntries(request.inputs.map((entry) => [entry.address, entry.indices])),
    broadcast: false,
  };
}

/** Leather's `signPsbt` params: hex PSBT, the one allowed sighash, the input indices; never broadcast. */
export function leatherSignParams(request: SignPsbtRequest) {
  const first = request.inputs[0]?.address ?? '';
  return {
    hex: request.psbtHex,
    allowedSighash: [request.sighash],
    signAtIndex: request.inputs.flatMap((entry) => entry.indices).sort((a, b) => a - b),
    network: first.startsWith('bc1') ? 'mainnet' : 'testnet',
    broadcast: false,
  };
}

/**
 * Whether the wallet signed any of `indices` on a script path (a vault's cooperative leaf). A wallet that cannot
 * sign script paths (a hardware key behind Xverse or Leather) hands the PSBT back as it was, with no error.
 */
export function signsScriptPath(signedHex: string, indices: number[]): boolean {
  const tx = decode(signedHex);
  return indices.some((index) => {
    const input = tx.getInput(index);
    return (input.tapScriptSig?.length ?? 0) > 0 || (input.finalScriptWitness?.length ?? 0) > 0;
  });
}

/** Xverse answers base64, Leather hex: the api takes hex. */
export function signedPsbtHex(reply: { psbt?: string; hex?: string } | undefined): string | null {
  if (reply?.hex) return reply.hex;
  if (reply?.psbt) return hex.encode(base64.decode(reply.psbt));
  return null;
}
