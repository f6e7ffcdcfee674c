/**
 * What a browser does with a push it receives, for tests: the subscription's keys (a P-256 key pair and a 16-byte
 * auth secret, as PushManager.subscribe() makes them) and the decryption of an `aes128gcm` body (RFC 8188 records
 * keyed as RFC 8291 says), so a test reads exactly the words the api sent.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';

export interface ReceivingKeys {
  /** The browser's half of the ECDH: its public point is the subscription's p256dh. */
  ecdh: ECDH;
  auth: Buffer;
  p256dh: string;
  authText: string;
}

export function receivingKeys(): ReceivingKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** An `aes128gcm` body: salt (16) | record size (4) | key id length (1) | key id (the sender's public point) | records. */
export function decryptAes128gcm(body: Buffer, keys: Pick<ReceivingKeys, 'ecdh' | 'auth'>): string {
  if (body.length < 21) throw new Error('too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not the sender's 65-byte public point`);
  if (records.length > recordSize) throw new Error('Web Push sends one record; this body has more');
  const receiverPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  // RFC 8291 section 3.4: the auth secret and both public keys go into the input keying material.
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}
