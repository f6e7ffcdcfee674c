/**
 * The api's prepared reads (the signed-in user on every request, a browse page's lots) keep working when a
 * migration adds a column while the api runs, as a rolling deploy does: a prepared `SELECT *` would fail every later
 * run with "cached plan must not change result type" until a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { BROWSE_CACHE_TTL_MS: '0', BROWSE_COUNT_TTL_MS: '0' } });
});
afterAll(() => stack?.stop());

describe('prepared reads', () => {
  it('answer as before once a migration added columns to the tables they read', async () => {
    const user = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, user.email);
    await createLot(stack.db, { startingBid: 1000n });
    const me = () => fetch(`${stack.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    const page = () => fetch(`${stack.url}/auctions?limit=5`, { headers: { authorization: `Bearer ${token}` } });
    // Prepared on the pool's connections.
    for (let i = 0; i < 5; i++) {
      expect((await me()).status).toBe(200);
      expect((await page()).status).toBe(200);
    }

    await stack.db.exec(`ALTER TABLE "User" ADD COLUMN "addedLater" text; ALTER TABLE "Lot" ADD COLUMN "addedLater" text;`);

    for (let i = 0; i < 5; i++) {
      const answer = await me();
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as any).user).toMatchObject({ email: user.email });
      const lots = await page();
      expect(lots.status).toBe(200);
      expect(((await lots.json()) as any).data).toHaveLength(1);
    }
  });
});
