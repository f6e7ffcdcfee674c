import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@gavel/domain';
import { Prisma } from '../generated/prisma/client.ts';
import { errorMiddleware, isDatabaseUnavailable } from './errors.ts';

// A load peak that leaves no pooled connection or transaction slot in time is the server being busy, not a fault:
// the client is told to retry, as a 503 with Retry-After, never a 500.
let server: ReturnType<Koa['listen']>;
let url: string;
const warnings: string[] = [];

beforeAll(async () => {
  const app = new Koa();
  const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
  app.use(errorMiddleware(log));
  app.use(async (ctx) => {
    const code = ctx.path.slice(1);
    throw new Prisma.PrismaClientKnownRequestError('Transaction API error: Unable to start a transaction in the given time.', { code, clientVersion: Prisma.prismaVersion.client });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a database too busy to answer', () => {
  it.each(['P2024', 'P2028'])('%s is a 503 saying to try again, with Retry-After, logged as a warning', async (code) => {
    const res = await fetch(`${url}/${code}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({ message: messages.server.busy, code: 'busy' });
    expect(JSON.parse(warnings.at(-1)!)).toMatchObject({ level: 40, code: 'busy', status: 503 });
  });

  it('any other database error stays a 500 with no internals', async () => {
    const res = await fetch(`${url}/P2002`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: messages.server.internal, code: 'internal' });
  });
});

describe('Redis given up on', () => {
  // A silent Redis connection is dropped after its bounded wait (jobs/redis-connections.ts): a retry will do.
  it.each(['Command timed out', "Socket timeout. Expecting data, but didn't receive any in 2000ms."])('"%s" is a reason to retry', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });
});
