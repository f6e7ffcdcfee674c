/**
 * Prints Gavel's vault key G and the house anchor key (x-only hex) of the current key version, derived from the
 * worker's GAVEL_VAULT_SECRET, for the api process's GAVEL_VAULT_PUBKEY and GAVEL_HOUSE_ANCHOR_PUBKEY: the
 * web-facing process knows both keys by their public keys alone.
 *
 *   GAVEL_VAULT_SECRET=<hex> [GAVEL_VAULT_KEY_VERSION=1] node --import tsx scripts/bitcoin/vault-pubkey.ts
 */
import { vaultConfig } from '../../api/src/bitcoin/vault/config.ts';
import { GavelKeys } from '../../api/src/bitcoin/vault/gavel-key.ts';

const config = vaultConfig(process.env, true);
if (!config.masterSecret) {
  console.error('GAVEL_VAULT_SECRET is not set: give this script the secret the worker is given.');
  process.exit(1);
}
const keys = new GavelKeys(config.masterSecret);
console.log(`GAVEL_VAULT_PUBKEY=${keys.publicKey(config.keyVersion)}`);
console.log(`GAVEL_HOUSE_ANCHOR_PUBKEY=${keys.houseAnchorKey(config.keyVersion)}`);
