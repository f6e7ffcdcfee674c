/**
 * Where uploaded lot and page images go: pinned on IPFS through Pinata's official HTTP API (pinFileToIPFS)
 * when PINATA_JWT is set, else the local content-addressed store, which computes the real CID and serves it
 * at /ipfs/:cid. Either way the reply carries the spec's upload result (IpfsHash, PinSize, Timestamp, ipfsUrl,
 * gatewayUrl) and `url`, the address the lot stores and the dapp loads. Settings: config.ts beside this file.
 */
import type { ContentStore } from './content-store.ts';
import type { StorageConfig } from './config.ts';
import { Refused } from '../refused.ts';
import { adminMessages } from '@gavel/domain';

export interface PinnedImage {
  url: string;
  IpfsHash: string;
  PinSize: number;
  Timestamp: string;
  ipfsUrl: string;
  gatewayUrl: string;
}

export async function pinImage(file: { bytes: Buffer; contentType: string; filename: string }, store: ContentStore, storage: StorageConfig): Promise<PinnedImage> {
  const { pinata } = storage;
  if (!pinata) {
    const cid = await store.put(file.bytes, file.contentType);
    const local = `/ipfs/${cid}`;
    return { url: local, IpfsHash: cid, PinSize: file.bytes.length, Timestamp: new Date().toISOString(), ipfsUrl: `ipfs://${cid}`, gatewayUrl: local };
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename || 'image');
  form.append('pinataOptions', JSON.stringify({ cidVersion: 1 }));
  form.append('pinataMetadata', JSON.stringify({ name: file.filename || 'gavel-image' }));
  let res: Response;
  try {
    res = await fetch(`${pinata.apiUrl}/pinning/pinFileToIPFS`, { method: 'POST', headers: { Authorization: `Bearer ${pinata.jwt}` }, body: form, signal: AbortSignal.timeout(60_000) });
  } catch {
    throw new Refused('upstream_failed', adminMessages.uploadFailedDetail, 'upload_failed');
  }
  if (!res.ok) throw new Refused('upstream_failed', adminMessages.uploadFailedDetail, 'upload_failed');
  const pinned = (await res.json()) as { IpfsHash: string; PinSize: number; Timestamp: string };
  const gatewayUrl = `${storage.imageGateway}/ipfs/${pinned.IpfsHash}`;
  return { url: gatewayUrl, IpfsHash: pinned.IpfsHash, PinSize: pinned.PinSize, Timestamp: pinned.Timestamp, ipfsUrl: `ipfs://${pinned.IpfsHash}`, gatewayUrl };
}

/**
 * The file's own bytes must say it is the type it claims (a renamed script is not an image): the one check of
 * uploaded files, images for lots and pages, images and PDFs for identity documents.
 */
export function looksLike(contentType: string, bytes: Buffer): boolean {
  const head = bytes.subarray(0, 12);
  switch (contentType) {
    case 'image/jpeg':
    case 'image/jpg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'application/pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'image/svg+xml':
      return startsAsSvg(bytes.subarray(0, 4096).toString('utf8'));
    default:
      return false;
  }
}

/**
 * An XML declaration, comments and a doctype, then an <svg> element. Scanned step by step rather than with one
 * regular expression: a repeated group of lazy comments backtracks exponentially on a run of empty comments,
 * and the text is whatever an uploader sent.
 */
function startsAsSvg(text: string): boolean {
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  /** Moves past `pattern` (sticky, one bounded step) if it matches here. */
  const take = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  skipSpace();
  if (take(/<\?xml[^>]*>/y)) skipSpace();
  while (text.startsWith('<!--', at)) {
    const end = text.indexOf('-->', at + 4);
    if (end < 0) return false;
    at = end + 3;
    skipSpace();
  }
  if (take(/<!DOCTYPE svg[^>]*>/iy)) skipSpace();
  return /^<svg[\s>]/i.test(text.slice(at, at + 5));
}
