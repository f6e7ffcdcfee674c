/** Where uploaded lot and page images go, and the gateway their stored addresses are shown through. */
import path from 'node:path';

export interface StorageConfig {
  /** STORAGE_DIR: the local content-addressed store, served at /ipfs/:cid (default .data/ipfs). */
  dir: string;
  /** PINATA_JWT (and PINATA_API_URL, default https://api.pinata.cloud): pin uploads through Pinata; null: the local store. */
  pinata: PinataConfig | null;
  /**
   * IMAGE_GATEWAY_URL: the gateway stored image addresses (ipfs://CID, a bare CID, {address} templates) are
   * shown through. Default: Pinata's gateway when pinning through Pinata, else none (this api's own /ipfs/:cid).
   */
  imageGateway: string;
}

export interface PinataConfig {
  jwt: string;
  apiUrl: string;
}

export function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const pinata = env.PINATA_JWT ? { jwt: env.PINATA_JWT, apiUrl: withoutTrailingSlash(env.PINATA_API_URL || 'https://api.pinata.cloud') } : null;
  return {
    dir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'ipfs')),
    pinata,
    imageGateway: withoutTrailingSlash(env.IMAGE_GATEWAY_URL || (pinata ? 'https://gateway.pinata.cloud' : '')),
  };
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
