/**
 * The api's Bitcoin library setup: bitcoinjs-lib with tiny-secp256k1 (without initEccLib bitcoinjs refuses
 * every taproot address), and the bitcoinjs network of each spec network. testnet4 shares testnet3's address
 * parameters (bech32 `tb`).
 */
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import type { BitcoinNetworkName } from '@gavel/domain';

bitcoin.initEccLib(ecc);

export { bitcoin, ecc };

export function bitcoinjsNetwork(network: BitcoinNetworkName): bitcoin.Network {
  if (network === 'mainnet') return bitcoin.networks.bitcoin;
  if (network === 'regtest') return bitcoin.networks.regtest;
  return bitcoin.networks.testnet;
}

/** The address an output script pays, or null for a script with no address (OP_RETURN, bare scripts). */
export function addressOfScript(script: Uint8Array, network: BitcoinNetworkName): string | null {
  try {
    return bitcoin.address.fromOutputScript(script, bitcoinjsNetwork(network));
  } catch {
    return null;
  }
}
