/**
 * Bitcoin networks and the address rule both sides of the spec share:
 * bc1 is mainnet, tb1 is testnet (testnet4 uses testnet3's address parameters), bcrt1 is regtest. Only
 * native segwit (v0: p2wpkh, p2wsh) and taproot (v1: p2tr) addresses are accepted: every wallet the spec
 * supports gives those, and the offer PSBT only knows how to spend them.
 */
import { bech32, bech32m } from '@scure/base';

export type BitcoinNetworkName = 'mainnet' | 'testnet4' | 'regtest';

export const bitcoinNetworks: Record<BitcoinNetworkName, { hrp: string; label: string }> = {
  mainnet: { hrp: 'bc', label: 'Bitcoin mainnet' },
  testnet4: { hrp: 'tb', label: 'Bitcoin testnet4' },
  regtest: { hrp: 'bcrt', label: 'Bitcoin regtest' },
};

export const DEFAULT_BITCOIN_NETWORK: BitcoinNetworkName = 'testnet4';

export function isBitcoinNetworkName(value: unknown): value is BitcoinNetworkName {
  return value === 'mainnet' || value === 'testnet4' || value === 'regtest';
}

export type BitcoinAddressType = 'p2wpkh' | 'p2wsh' | 'p2tr';

export type BitcoinAddressCheck = { ok: true; type: BitcoinAddressType; witnessVersion: 0 | 1; program: Uint8Array } | { ok: false; message: string };

export const bitcoinAddressMessages = {
  required: 'Bitcoin address is required',
  invalid: (network: BitcoinNetworkName) => `Invalid Bitcoin address: expected a ${bitcoinNetworks[network].label} address starting with ${bitcoinNetworks[network].hrp}1`,
  wrongNetwork: (address: string, found: BitcoinNetworkName, network: BitcoinNetworkName) =>
    `${address.slice(0, 6)}… is a ${bitcoinNetworks[found].label} address; this marketplace runs on ${bitcoinNetworks[network].label}, so use an address starting with ${bitcoinNetworks[network].hrp}1`,
  unsupported: 'Unsupported Bitcoin address type: use a native segwit (p2wpkh) or taproot (p2tr) address',
};

/** The network whose prefix the address carries, by its human-readable part (bcrt before bc: bcrt1 also starts "bc"). */
function networkOfPrefix(prefix: string): BitcoinNetworkName | null {
  for (const name of ['regtest', 'mainnet', 'testnet4'] as const) if (bitcoinNetworks[name].hrp === prefix) return name;
  return null;
}

/**
 * Decodes a segwit address (BIP-173 for v0, BIP-350 bech32m for v1+) and checks it belongs to `network`.
 * Mixed-case and checksum errors are invalid; another network's address says which network it is for.
 */
export function checkBitcoinAddress(address: string, network: BitcoinNetworkName): BitcoinAddressCheck {
  const text = address.trim();
  if (!text) return { ok: false, message: bitcoinAddressMessages.required };
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return { ok: false, message: bitcoinAddressMessages.invalid(network) };
  const lower = text.toLowerCase();
  const decoded = bech32.decodeUnsafe(lower, 90) ?? bech32m.decodeUnsafe(lower, 90);
  if (!decoded || decoded.words.length === 0) return { ok: false, message: bitcoinAddressMessages.invalid(network) };
  const found = networkOfPrefix(decoded.prefix);
  if (!found) return { ok: false, message: bitcoinAddressMessages.invalid(network) };
  if (found !== network) return { ok: false, message: bitcoinAddressMessages.wrongNetwork(text, found, network) };
  const version = decoded.words[0]!;
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program) return { ok: false, message: bitcoinAddressMessages.invalid(network) };
  // v0 must use bech32, v1+ bech32m (BIP-350): an address encoded with the other checksum is invalid.
  const usedBech32m = !bech32.decodeUnsafe(lower, 90);
  if ((version === 0) === usedBech32m) return { ok: false, message: bitcoinAddressMessages.invalid(network) };
  if (version === 0 && program.length === 20) return { ok: true, type: 'p2wpkh', witnessVersion: 0, program };
  if (version === 0 && program.length === 32) return { ok: true, type: 'p2wsh', witnessVersion: 0, program };
  if (version === 1 && program.length === 32) return { ok: true, type: 'p2tr', witnessVersion: 1, program };
  if (version === 0) return { ok: false, message: bitcoinAddressMessages.invalid(network) };
  return { ok: false, message: bitcoinAddressMessages.unsupported };
}

/** Yes/no form of checkBitcoinAddress, for filters and form hints. */
export function isBitcoinAddress(address: string, network: BitcoinNetworkName): boolean {
  return checkBitcoinAddress(address, network).ok;
}
