/**
 * `npm run bench` (notices): how soon a bidder hears, timed where the functional tests only check that they do.
 * The real api with its worker, the built dapp and Chromium:
 * - the outbid card: from the outbidding bid's 201 to the card in the outbid bidder's open lot page (target
 *   < 1 s), and how long the card stays up before it closes itself (the spec: 10 s);
 * - the same card with the event stream refused, found by the 5 s poll instead (target <= 6 s);
 * - the close: how long after its end time the worker closes a lot (closedAt - endTime; target < 1 s, where
 *   the reconcile sweep alone would take up to 15 s).
 */
import type { Page } from 'playwright-core';
import { openSignedIn } from '../support/account-browser.ts';
import { ensureDappBuilt, launchChromium, newPage, startDappPreview } from '../support/browser.ts';
import { createLot } from '../support/lots.ts';
import { startApiForTest } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';

const ROUNDS = Number(process.env.BENCH_NOTICE_ROUNDS ?? 5);
const CLOSES = Number(process.env.BENCH_CLOSES ?? 10);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const line = (label: string, values: number[], target: string) =>
  console.log(
    `${label.padEnd(34)} ${String(values.length).padStart(3)}  p50 ${percentile(values, 50).toFixed(0).padStart(6)} ms  max ${Math.max(...values)
      .toFixed(0)
      .padStart(6)} ms  (${target})`,
  );

/**
 * The browser's clock when the outbid card appears, and when it goes again. A string, not a function: tsx
 * would wrap a function's inner helpers in its `__name` shim, which the page does not have.
 */
const cardTimes = (page: Page) =>
  page.evaluate<{ shown: number; gone: number }>(`new Promise((resolve) => {
    let shown = 0;
    const look = () => {
      const present = document.querySelector('[data-testid=outbid-card]') !== null;
      if (present && !shown) shown = Date.now();
      if (!present && shown) {
        observer.disconnect();
        resolve({ shown, gone: Date.now() });
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true });
    look();
  })`);

const stack = await startApiForTest({ seed: 'none', worker: true, env: { RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
await ensureDappBuilt();
const dapp = await startDappPreview(stack.url);
const browser = await launchChromium({ full: true });
try {
  const bidder = async () => {
    const user = await createUser(stack.db, 'ready');
    return signIn(stack.url, user.email);
  };
  const bid = async (token: string, lotId: string, amount: number) => {
    const res = await fetch(`${stack.url}/auctions/${lotId}/bids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount }),
    });
    if (res.status !== 201) throw new Error(`bid answered ${res.status}: ${await res.text()}`);
    return Date.now();
  };
  /** Alice leads a fresh lot and browses the auctions in a signed-in page (the card's place); Bob outbids her. */
  const outbidRound = async (streamRefused: boolean) => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [alice, bob] = [await bidder(), await bidder()];
    await bid(alice, lot.id, 10);
    const { page } = await newPage(browser);
    if (streamRefused) await page.route('**/api/events**', (route) => route.abort('connectionrefused'));
    // Listening: the stream's reply has started, or (refused) the poll has taken its baseline.
    const listening = streamRefused ? page.waitForResponse((r) => r.url().includes('/api/auctions/bids/me')) : page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
    await openSignedIn(page, dapp.url, alice, '/auctions');
    await listening;
    const times = cardTimes(page);
    const accepted = await bid(bob, lot.id, 11);
    const { shown, gone } = await times;
    await page.context().close();
    return { latency: shown - accepted, open: gone - shown };
  };

  const streamed: number[] = [];
  const open: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round = await outbidRound(false);
    streamed.push(round.latency);
    open.push(round.open);
  }
  const polled: number[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(ROUNDS / 2)); i++) polled.push((await outbidRound(true)).latency);

  // Lots ending a second apart, each with a bid; the worker's delayed close jobs should fire on time.
  const token = await bidder();
  const lots = [];
  for (let i = 0; i < CLOSES; i++) {
    const lot = await createLot(stack.db, { startingBid: 1000n, endsInMs: 3_000 + i * 1_000, extensionMinutes: 0 });
    await bid(token, lot.id, 10);
    lots.push(lot);
  }
  const deadline = Date.now() + 60_000 + CLOSES * 1_000;
  let closed = await stack.db.prisma.lot.findMany({ where: { id: { in: lots.map((l) => l.id) }, closedAt: { not: null } } });
  while (closed.length < lots.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    closed = await stack.db.prisma.lot.findMany({ where: { id: { in: lots.map((l) => l.id) }, closedAt: { not: null } } });
  }
  const lateness = closed.map((lot) => lot.closedAt!.getTime() - lot.endTime.getTime());

  console.log('\nnotices, as the bidder sees them');
  line('outbid card after the 201 (stream)', streamed, 'target < 1000 ms');
  line('outbid card open', open, 'the spec: 10000 ms');
  line('outbid card after the 201 (poll)', polled, 'target <= 6000 ms');
  line('lot closed after its end time', lateness, 'target < 1000 ms');
  if (closed.length < lots.length) console.log(`${lots.length - closed.length} of ${lots.length} lots not closed within the wait`);
} finally {
  await browser.close();
  await dapp.stop();
  await stack.stop();
}
