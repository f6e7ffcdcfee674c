/**
 * The worker's Bitcoin keys, each derived per key version from one master secret with a label of its own:
 * k = HMAC-SHA256(master secret, "<label>/v") mod n, so one secret backs every version and a rotation needs no new
 * secret. Two labels, never the same key:
 * - G, Gavel's vault key ("gavel-vault-key"): the second signature on a vault's cooperative leaf;
 * - the house anchor key ("gavel-house-anchor"): the taproot key-path address a binding swap's house output pays,
 *   so the worker can spend that output in a child transaction that pays for a stuck swap (house-anchor.ts).
 * Only the worker's process builds a GavelKeys (it alone reads the secret); the api process knows both public keys
 * of the current version from its settings.
 */
import { createHmac } from 'node:crypto';
import { bitcoin, ecc } from '../network.ts';

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** What each key is for: its derivation label. */
const LABELS = { vault: 'gavel-vault-key', houseAnchor: 'gavel-house-anchor' } as const;
type KeyRole = keyof typeof LABELS;

export interface SchnorrSigner {
  /** 33-byte compressed key, as bitcoinjs's signers give it. */
  publicKey: Uint8Array;
  signSchnorr(hash: Uint8Array): Uint8Array;
  sign(hash: Uint8Array): Uint8Array;
}

export class GavelKeys {
  readonly #master: Buffer;

  constructor(masterSecretHex: string) {
    this.#master = Buffer.from(masterSecretHex, 'hex');
  }

  #secret(role: KeyRole, version: number): Uint8Array {
    const digest = createHmac('sha256', this.#master).update(`${LABELS[role]}/${version}`).digest();
    const scalar = BigInt(`0x${digest.toString('hex')}`) % CURVE_ORDER;
    if (scalar === 0n) throw new Error('key derivation gave zero; choose another GAVEL_VAULT_SECRET');
    return Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  }

  /** G of `version`, x-only hex (what the vault's leaf and descriptor name). */
  publicKey(version: number): string {
    return xOnlyOf(this.#secret('vault', version));
  }

  /** The house anchor key of `version`, x-only hex: the internal key of the house output's address. */
  houseAnchorKey(version: number): string {
    return xOnlyOf(this.#secret('houseAnchor', version));
  }

  /** A bitcoinjs signer of G of `version`, for signTaprootInput on the cooperative leaf. */
  signer(version: number): SchnorrSigner {
    return schnorrSigner(this.#secret('vault', version));
  }

  /**
   * A bitcoinjs signer for a key-path spend of the house anchor address of `version`: the anchor key tweaked by
   * BIP86's TapTweak (no script tree), as the address's output key is.
   */
  houseAnchorSigner(version: number): SchnorrSigner {
    let secret = this.#secret('houseAnchor', version);
    const point = ecc.pointFromScalar(secret, true)!;
    // BIP340 keys have an even y: the odd one's secret is negated before the tweak.
    if (point[0] === 3) secret = ecc.privateNegate(secret);
    const tweak = bitcoin.crypto.taggedHash('TapTweak', point.subarray(1));
    return schnorrSigner(ecc.privateAdd(secret, tweak)!);
  }
}

function xOnlyOf(secret: Uint8Array): string {
  return Buffer.from(ecc.pointFromScalar(secret, true)!.subarray(1)).toString('hex');
}

function schnorrSigner(secret: Uint8Array): SchnorrSigner {
  return {
    publicKey: ecc.pointFromScalar(secret, true)!,
    signSchnorr: (hash) => ecc.signSchnorr(hash, secret),
    // bitcoinjs's Signer type asks for ECDSA too; taproot never calls it.
    sign: () => {
      throw new Error('Gavel vault keys sign Schnorr only');
    },
  };
}
