/**
 * Prints Gavel's vault key G (x-only hex) of the current key version, derived from the worker's GAVEL_VAULT_SECRET,
 * for the api process's GAVEL_VAULT_PUBKEY: the web-facing process knows G by its public key alone.
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
console.log(`GAVEL_VAULT_PUBKEY=${new GavelKeys(config.masterSecret).publicKey(config.keyVersion)}`);
