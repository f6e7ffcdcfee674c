/**
 * A body refused for its size is still answered: the 413 goes first and the rest of the body is drained after it,
 * so a client still sending is never reset before it reads the answer. Many clients each send 2 MB on a fresh
 * connection to a route that stops reading at 1 MiB and read the whole 413; a client that sends the rest after
 * reading it finishes without an error, and its connection answers the next request.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
});

afterAll(async () => {
  await stack?.stop();
});

/** The status and whether the reply's body arrived whole, or the error that came instead, on a connection of its own. */
function sendTooLarge(url: string, bytes: number): Promise<{ status: number; whole: boolean; error: string | null }> {
  const body = Buffer.from(`{"email":"${'x'.repeat(bytes - 12)}"}`);
  return new Promise((resolve) => {
    const request = http.request(`${url}/subscriptions/subscribe`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (e: NodeJS.ErrnoException) => resolve({ status: response.statusCode ?? 0, whole: false, error: e.code ?? e.message }));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, whole: Buffer.concat(chunks).length === Number(response.headers['content-length']), error: null }));
    });
    request.on('error', (e: NodeJS.ErrnoException) => resolve({ status: 0, whole: false, error: e.code ?? e.message }));
    request.end(body);
  });
}

describe('a body refused for its size', () => {
  it('is answered with a whole 413 on every one of 100 fresh connections', async () => {
    const results = [];
    for (let round = 0; round < 25; round++) results.push(...(await Promise.all(Array.from({ length: 4 }, () => sendTooLarge(stack.url, 2 * 1024 * 1024)))));
    const lost = results.filter((r) => r.status !== 413 || !r.whole);
    expect(lost, JSON.stringify(lost.slice(0, 5))).toEqual([]);
  });

  it('after a 413 the rest of the body is read and thrown away, so the connection answers its next request', async () => {
    const { port, hostname } = new URL(stack.url);
    const socket = net.connect(Number(port), hostname);
    const body = `{"email":"${'x'.repeat(1_100_000)}"}`;
    let received = '';
    let failed: string | null = null;
    const readUntil = (marker: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (marker.test(received) ? resolve() : socket.once('data', check));
        socket.once('close', () => reject(new Error(`closed with ${received.slice(0, 40)}`)));
        check();
      });
    socket.on('data', (c: Buffer) => (received += c.toString('utf8')));
    socket.on('error', (e: NodeJS.ErrnoException) => (failed = e.code ?? e.message));
    socket.write(`POST /subscriptions/subscribe HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    // The body's first part, past the limit; the rest only once the 413 has been read, as a client sending slowly would.
    socket.write(body.slice(0, 1_050_000));
    await readUntil(/body_too_large/);
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    socket.write(body.slice(1_050_000));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    await readUntil(/HTTP\/1\.1 200/).catch(() => {});
    socket.destroy();
    expect(failed).toBeNull();
    expect(received).toMatch(/HTTP\/1\.1 200/);
  });
});
