import { API_BASE } from '../api/http.ts';

/**
 * Lot images come as `/ipfs/<cid>` paths on the api, or as `ipfs://<cid>` addresses. Both are loaded through
 * the api's own `/ipfs` route (it serves pinned content by CID), so they work however the api is reached.
 */
export function assetUrl(url: string): string {
  if (url.startsWith('ipfs://')) return `${API_BASE}/ipfs/${url.slice('ipfs://'.length).replace(/^ipfs\//, '')}`;
  if (url.startsWith('/')) return `${API_BASE}${url}`;
  return url;
}
