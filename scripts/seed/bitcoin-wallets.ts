/**
 * The demo accounts' Bitcoin wallets: a p2wpkh payment address and a p2tr ordinals address each, as Xverse
 * and Leather give them. The keys are derived from the account's e-mail so every `npm start` finds the same
 * addresses on a fresh stand-in chain; they are public knowledge, for the local demo only.
 */
import { createHash } from 'node:crypto';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import type { BitcoinNetworkName } from '@gavel/domain';

bitcoin.initEccLib(ecc);

export interface DemoBitcoinKey {
  address: string;
  /** 32-byte hex private key (untweaked). */
  privateKey: string;
  /** 33-byte compressed key (payment) or 32-byte x-only internal key (ordinals), hex, as wallets report them. */
  publicKey: string;
}

export interface DemoBitcoinWallet {
  payment: DemoBitcoinKey;
  ordinals: DemoBitcoinKey;
}

const networkOf = (name: BitcoinNetworkName) => (name === 'mainnet' ? bitcoin.networks.bitcoin : name === 'regtest' ? bitcoin.networks.regtest : bitcoin.networks.testnet);

export function demoBitcoinWallet(email: string, networkName: BitcoinNetworkName = 'testnet4'): DemoBitcoinWallet {
  const network = networkOf(networkName);
  const keyOf = (purpose: string) => createHash('sha256').update(`gavel-demo-bitcoin:${email}:${purpose}`).digest();
  const paymentKey = keyOf('payment');
  const paymentPub = ecc.pointFromScalar(paymentKey, true)!;
  const ordinalsKey = keyOf('ordinals');
  const ordinalsPub = ecc.xOnlyPointFromScalar(ordinalsKey);
  return {
    payment: { address: bitcoin.payments.p2wpkh({ pubkey: paymentPub, network }).address!, privateKey: paymentKey.toString('hex'), publicKey: Buffer.from(paymentPub).toString('hex') },
    ordinals: { address: bitcoin.payments.p2tr({ internalPubkey: ordinalsPub, network }).address!, privateKey: ordinalsKey.toString('hex'), publicKey: Buffer.from(ordinalsPub).toString('hex') },
  };
}
