/**
 * Bids driven as test/bench/bids.bench.ts drives them, for the scale and embedded benches: 64 ready bidders (a
 * bearer token each) and wrk's bids.lua, each request as the next bidder on a lot drawn from a file, with amounts
 * that only rise. The next amount is carried from run to run here rather than read from the database, which the
 * api holds alone when it is PGlite.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../api/src/db/client.ts';
import { createUser } from '../support/users.ts';
import { wrk, type WrkRun } from './wrk.ts';

export const BIDDERS = 64;

/** The bid route's limits lifted: a few users bid far faster than people do, all from one address. */
export const bidRouteLimits = { RATE_SIGNIN_PER_IP: '100000', RATE_SIGNIN_PER_ACCOUNT: '100000', RATE_BIDS_PER_USER: '1000000', RATE_BIDS_PER_IP: '1000000' };

/** Ready bidders with a pay-later limit no run reaches (thousands of leading bids each would pass $1,000,000). */
export async function readyBidders(db: Database, count = BIDDERS): Promise<Array<{ id: string; email: string }>> {
  const users = [];
  for (let i = 0; i < count; i++) users.push(await createUser(db, 'ready'));
  await db.sql(`UPDATE "User" SET "biddingLimit" = 1e15 WHERE id = ANY($1::text[])`, [users.map((u) => u.id)]);
  return users;
}

/**
 * A refusal (400) is a bid that lost its race; any other reply (a limit, the api failing under the load) or a socket
 * error means the run measured something else, and is named.
 */
export function warnUnlessAcceptedOrOutbid(run: WrkRun): void {
  const other = Object.entries(run.statuses).filter(([status]) => status !== '201' && status !== '400');
  if (other.length || run.errors) console.warn(`! ${run.label}: replies ${other.map(([status, n]) => `${status} ×${n}`).join(', ') || 'none but 201 and 400'}, ${run.errors} socket errors`);
}

/** Accepted bids per second of a run (a refused bid lost a race to a higher one). */
export const acceptedPerSecond = (run: WrkRun) => (run.statuses['201'] ?? 0) / (run.requests / run.perSecond);

export class BidLoad {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'bidload-'));
  private readonly tokensFile: string;
  /** Dollars: above every bench lot's $1.00 start, then above every amount any earlier run may have sent. */
  private next = 2;

  constructor(tokens: string[]) {
    this.tokensFile = this.file('tokens', tokens);
  }

  /** A file of lot ids for run(). */
  file(name: string, lines: string[]): string {
    const file = path.join(this.dir, name);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  async run(api: { url: string; pid: number }, label: string, lotsFile: string, seconds: number): Promise<WrkRun> {
    const run = await wrk({ label, url: api.url, script: 'bids.lua', args: [this.tokensFile, lotsFile, String(this.next)], connections: BIDDERS, seconds, apiPid: api.pid });
    // wrk asks for a request per reply and one per connection still waiting at the end; errors resend.
    this.next += run.requests + run.errors + 2 * BIDDERS;
    warnUnlessAcceptedOrOutbid(run);
    return run;
  }
}
