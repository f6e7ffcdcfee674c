/**
 * Secret files no server of Gavel may ever send, and the addresses one would try for them: Vite's /@fs with the
 * checkout's path, the root, and climbs out of the served folder written every way a path can be. The files are
 * planted where the real ones live (.data, a dotenv file in the served folder), each holding a random marker, so a
 * reply carrying the marker is a leak whatever its status. Requests go out raw (node:http), never through a URL
 * parser that would resolve `..` before the server sees it.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SecretProbes {
  marker: string;
  /** Raw request paths, each naming a secret file. */
  addresses: string[];
  remove(): Promise<void>;
}

/** `servedDir`: the folder the server under test serves at its root (dapp/ for Vite, dapp/dist in production). */
export async function plantSecretProbes(servedDir: string): Promise<SecretProbes> {
  const marker = `secret-${randomBytes(12).toString('hex')}`;
  const probe = `e2e-probe-${randomBytes(4).toString('hex')}`;
  const dataRoot = path.join(checkout, '.data');
  const createdDataRoot = !existsSync(dataRoot);
  const dataDir = path.join(dataRoot, probe);
  const dotenv = path.join(servedDir, `.env.${probe}`);
  await mkdir(path.join(dataDir, 'private/identity'), { recursive: true });
  await writeFile(path.join(dataDir, 'jwt-secret'), marker);
  await writeFile(path.join(dataDir, 'private/identity/passport.png'), marker);
  await writeFile(dotenv, `JWT_SECRET=${marker}\n`);
  const inData = `.data/${probe}/jwt-secret`;
  // The real secrets too, where an `npm start` has made them in this checkout.
  const real = ['jwt-secret', 'inscription-key-secret', 'email-code-pepper'].filter((file) => existsSync(path.join(dataRoot, file)));
  const addresses = [
    ...real.map((file) => `/@fs${checkout}/.data/${file}`),
    `/@fs${checkout}/${inData}`,
    `/@fs${checkout}/.data/${probe}/private/identity/passport.png`,
    `/@fs${servedDir}/.env.${probe}`,
    `/.env.${probe}`,
    `/${inData}`,
    `/../${inData}`,
    `/%2e%2e/${inData}`,
    `/assets/%2e%2e/%2e%2e/${inData}`,
    `/..%2f${inData.replaceAll('/', '%2f')}`,
    `/@fs${checkout}/${inData}?raw`,
    `/@fs${checkout}/${inData}?import`,
    `/@fs/etc/passwd`,
  ];
  return {
    marker,
    addresses,
    async remove() {
      await rm(dataDir, { recursive: true, force: true });
      // Only a .data this run made, and only while still empty (an `npm start` may have begun using it since).
      if (createdDataRoot) await rmdir(dataRoot).catch(() => {});
      await rm(dotenv, { force: true });
    },
  };
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET `rawPath` exactly as written. */
export function rawGet(origin: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawReply> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to GET ${rawPath}`)));
    req.on('error', reject);
    req.end();
  });
}
