/**
 * The api's memory as production runs it: RSS idle after start, then after 1,000 bids (20 bidders, 10 lots, each
 * bid written, announced and answered). Run with `node --import tsx test/bench/rss-probe.ts`.
 */
import { readFile } from 'node:fs/promises';
import { createTestDatabase } from '../support/database.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { startApiProcess } from './api-process.ts';

const rssOf = async (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const database = await createTestDatabase('rss');
const started = performance.now();
const api = await startApiProcess({ DATABASE_URL: database.url, RATE_SIGNIN_PER_IP: '100000', RATE_SIGNIN_PER_ACCOUNT: '100000', RATE_BIDS_PER_USER: '1000000', RATE_BIDS_PER_IP: '1000000' }, 4131);
const firstAnswerMs = performance.now() - started;
try {
  const users = await Promise.all(Array.from({ length: 20 }, () => createUser(database.db, 'ready')));
  const tokens = await Promise.all(users.map((u) => signIn(api.url, u.email)));
  const lots = await Promise.all(Array.from({ length: 10 }, () => createLot(database.db, { startingBid: 100n, endsInMs: 3_600_000 })));
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await rssOf(api.pid);
  let placed = 0;
  const price = new Map(lots.map((l) => [l.id, 100]));
  for (let round = 0; round < 50; round++) {
    await Promise.all(
      tokens.map(async (token, i) => {
        const lot = lots[(round + i) % lots.length]!;
        for (;;) {
          const next = price.get(lot.id)! + 100 + i;
          price.set(lot.id, next);
          const res = await fetch(`${api.url}/auctions/${lot.id}/bids`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ amount: (next / 100).toFixed(2) }),
          });
          await res.arrayBuffer();
          if (res.status === 201) {
            placed++;
            return;
          }
        }
      }),
    );
  }
  const after = await rssOf(api.pid);
  console.log(JSON.stringify({ firstAnswerMs: Math.round(firstAnswerMs), rssIdleMiB: Math.round(idle), bidsPlaced: placed, rssAfterBidsMiB: Math.round(after) }));
} finally {
  await api.stop();
  await database.drop();
}
