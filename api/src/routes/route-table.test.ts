import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMiddleware } from '../http/errors.ts';
import { RouteTable } from './route-table.ts';

// The dapp trusts reply shapes, so outside production the api must refuse to send one that breaks its schema.
let server: ReturnType<Koa['listen']>;
let url: string;
const replies: Record<string, unknown> = {
  kept: { id: 'lot-1', endTime: new Date('2026-11-23T12:00:00Z') },
  broken: { id: 42, endTime: 'soon' },
};

beforeAll(async () => {
  const table = new RouteTable({ checkReplies: true });
  table.add({
    method: 'get',
    path: '/replies/:name',
    summary: 'test route',
    tag: 'test',
    reply: z.object({ id: z.string(), endTime: z.iso.datetime() }),
    handler: async ({ params }) => replies[params.name!],
  });
  const app = new Koa();
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(table.router().routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('reply contract check', () => {
  it('sends a reply that matches its schema as the client reads it (dates as ISO text)', async () => {
    const res = await fetch(`${url}/replies/kept`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'lot-1', endTime: '2026-11-23T12:00:00.000Z' });
  });

  it('answers 500 rather than send a reply that breaks its schema', async () => {
    const res = await fetch(`${url}/replies/broken`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'internal' });
  });
});
