/**
 * Gavel's vault key G of each key version: k_v = HMAC-SHA256(master secret, "gavel-vault-key/v") mod n, so one
 * secret backs every version and a rotation needs no new secret. Only the worker's process builds a GavelKeys
 * (it alone reads the secret); the api process knows G of the current version by its public key.
 */
import { createHmac } from 'node:crypto';
import { ecc } from '../network.ts';

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

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

  #secret(version: number): Uint8Array {
    const digest = createHmac('sha256', this.#master).update(`gavel-vault-key/${version}`).digest();
    const scalar = BigInt(`0x${digest.toString('hex')}`) % CURVE_ORDER;
    if (scalar === 0n) throw new Error('vault key derivation gave zero; choose another GAVEL_VAULT_SECRET');
    return Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  }

  /** G of `version`, x-only hex (what the vault's leaf and descriptor name). */
  publicKey(version: number): string {
    return Buffer.from(ecc.pointFromScalar(this.#secret(version), true)!.subarray(1)).toString('hex');
  }

  /** A bitcoinjs signer of G of `version`, for signTaprootInput on the cooperative leaf. */
  signer(version: number): SchnorrSigner {
    const secret = this.#secret(version);
    return {
      publicKey: ecc.pointFromScalar(secret, true)!,
      signSchnorr: (hash) => ecc.signSchnorr(hash, secret),
      // bitcoinjs's Signer type asks for ECDSA too; a script path never calls it.
      sign: () => {
        throw new Error('Gavel vault keys sign Schnorr only');
      },
    };
  }
}
