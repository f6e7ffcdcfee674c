/**
 * The VAPID key pair Web Push is signed with: the configured one (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY; production
 * requires both), or in development a pair made once and kept in the data directory beside the other development
 * secrets (kept-secret.ts), so browsers subscribed yesterday are still reached today. The api and a worker may
 * start together: the first to write the file wins, and both read that one.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { PushConfig } from './push-config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The file development keeps its pair in (production-check.ts refuses a pair equal to it). */
export const KEPT_VAPID_FILE = 'vapid-keys.json';

export async function vapidKeys(config: PushConfig, dataDir: string): Promise<VapidKeys> {
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  return keptVapidKeys(dataDir);
}

export async function keptVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, KEPT_VAPID_FILE);
  const existing = await readKept(file);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const written = await readKept(file);
  if (!written) throw new Error(`${file} does not hold a VAPID key pair: delete it to have a new one made`);
  return written;
}

export async function readKept(file: string): Promise<VapidKeys | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (!text) return null;
  const keys = JSON.parse(text) as Partial<VapidKeys>;
  return keys.publicKey && keys.privateKey ? { publicKey: keys.publicKey, privateKey: keys.privateKey } : null;
}

/** Why this pair cannot sign (web-push's own checks: a 65-byte public point, a 32-byte private key), or null. */
export function vapidKeyProblem(keys: VapidKeys, subject: string): string | null {
  try {
    webpush.getVapidHeaders('https://push.example', subject, keys.publicKey, keys.privateKey, 'aes128gcm');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
