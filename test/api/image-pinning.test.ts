/**
 * With PINATA_JWT set, uploads are pinned through Pinata's pinFileToIPFS (here a local server answering in
 * Pinata's shape, since the machine has no internet): the JWT is sent as a bearer token, the file as multipart
 * `file`, and the reply's IpfsHash becomes a gateway URL. A failed pin is the spec's "Upload Failed" detail.
 * Lot images are shown through IMAGE_GATEWAY_URL; IPFS_GATEWAY_URL is only what ipfs-to-gateway answers with.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { freePort } from '../support/processes.ts';
import { createLot } from '../support/lots.ts';

const CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('pinned-png')]);
let stack: TestStack;
let pinata: http.Server;
let token: string;
let failNext = false;
const received: Array<{ auth: string | undefined; body: Buffer; path: string | undefined }> = [];

beforeAll(async () => {
  const port = await freePort();
  pinata = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: Buffer.concat(chunks), path: req.url });
      if (failNext) {
        failNext = false;
        res.writeHead(500).end('{"error":"boom"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ IpfsHash: CID, PinSize: PNG.length, Timestamp: '2026-11-22T08:00:00.000Z' }));
    });
  });
  await new Promise<void>((resolve) => pinata.listen(port, '127.0.0.1', resolve));
  stack = await startApiForTest({
    seed: 'none',
    env: { PINATA_JWT: 'test-jwt', PINATA_API_URL: `http://127.0.0.1:${port}`, IMAGE_GATEWAY_URL: 'https://gw.example', IPFS_GATEWAY_URL: 'https://public.example' },
  });
  token = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => pinata?.close(resolve));
});

const upload = async () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'lot.png');
  const res = await fetch(`${stack.url}/auctions/upload-images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
};

describe('Pinata pinning', () => {
  it('pins the file and replies with the gateway URL', async () => {
    const res = await upload();
    expect(res).toMatchObject({ status: 201, body: { data: { url: `https://gw.example/ipfs/${CID}`, IpfsHash: CID, ipfsUrl: `ipfs://${CID}`, gatewayUrl: `https://gw.example/ipfs/${CID}` } } });
    const call = received.at(-1)!;
    expect(call).toMatchObject({ auth: 'Bearer test-jwt', path: '/pinning/pinFileToIPFS' });
    expect(call.body.includes(PNG)).toBe(true);
    expect(call.body.toString('latin1')).toContain('name="file"; filename="lot.png"');
  });

  it('a refused pin is a 502 with the upload failure text', async () => {
    failNext = true;
    expect(await upload()).toMatchObject({ status: 502, body: { message: 'Failed to upload image. Please try again.' } });
  });
});

describe('the two gateways', () => {
  it("shows a lot's stored image through IMAGE_GATEWAY_URL, while ipfs-to-gateway answers with IPFS_GATEWAY_URL", async () => {
    const lot = await createLot(stack.db);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { imageUrls: [`ipfs://${CID}`] } });
    const shown = await fetch(`${stack.url}/auctions/${lot.id}`).then((res) => res.json());
    expect(shown.data.imageUrls).toEqual([`https://gw.example/ipfs/${CID}`]);
    const converted = await fetch(`${stack.url}/inscriptions/ipfs-to-gateway`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ipfsUrl: `ipfs://${CID}` }) });
    expect(await converted.json()).toMatchObject({ data: { gatewayUrl: `https://public.example/ipfs/${CID}` } });
  });
});
