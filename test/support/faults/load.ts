/**
 * The steady load a fault scenario runs under: a few loops placing bids (pay-later and card) on a few lots, Bitcoin
 * offers on a BTC lot (built from the bidder's coins on Esplora and ord, signed, then placed, which checks them on
 * Esplora again), card bids on that BTC lot (held in dollars at the price service's rate), reading a wallet's ETH balance (from the chain's RPC node) and browsing /auctions, bounded in
 * requests and time. Every answer is counted; every acknowledged
 * bid (a 2xx) is kept with its id, to be looked for in the database afterwards; every 5xx is checked against the
 * one kind the api may send (a 503 with Retry-After and a message from the catalogue).
 */
import { messages, paymentMessages } from '@gavel/domain';
import { BTC_STARTING_SATS, type BtcBidder } from './bitcoin-bidders.ts';

export interface Bidder {
  token: string;
  card: boolean;
}

export interface Acknowledged {
  bidId: string;
  lotId: string;
  /** How it was paid for: a saved card, pay-later, or a signed Bitcoin offer. */
  kind: 'card' | 'pay-later' | 'btc';
}

export interface LoadResult {
  requests: number;
  acknowledged: Acknowledged[];
  /** 5xx answers other than a 503 with Retry-After and a catalogue message, as "status message". */
  bad5xx: string[];
  /** 503s that were allowed (with Retry-After and a known message). */
  unavailable: number;
  /** Requests that got no answer at all (the api killed, a connection cut). */
  noAnswer: number;
  /** Wallet balances read from the chain's RPC node (a 200). */
  balanceReads: number;
}

/** The words a 503 may carry: the spec's catalogue, as the api says them. */
const ALLOWED_503 = new Set<string>([messages.server.busy, paymentMessages.providerUnavailable]);
const BACK_OFF_MS = 100;

export interface LoadOptions {
  url: string;
  lots: string[];
  bidders: Bidder[];
  /** Loops running at once. */
  concurrency: number;
  /** Stops once this many requests were sent, or once stop() is called. */
  maxRequests: number;
  /** A BTC lot and its offer bidders: one request in six places an offer there. */
  btc?: { lot: string; bidders: BtcBidder[] };
  /** An address whose ETH balance one request in six reads (from the chain's RPC node). */
  evmAddress?: string;
}

export interface Load {
  result: LoadResult;
  stop(): Promise<LoadResult>;
}

export function startLoad(o: LoadOptions): Load {
  const result: LoadResult = { requests: 0, acknowledged: [], bad5xx: [], unavailable: 0, noAnswer: 0, balanceReads: 0 };
  // The highest amount known per lot (in cents): each bid goes a little above it, so most are admitted.
  const top = new Map(o.lots.map((id) => [id, 1000]));
  let topSats = BTC_STARTING_SATS;
  let stopped = false;
  let turn = 0;

  const check = async (res: Response): Promise<any> => {
    const body = await res.json().catch(() => null);
    if (res.status >= 500) {
      const allowed = res.status === 503 && Number(res.headers.get('retry-after')) > 0 && (ALLOWED_503.has(body?.message) || /unavailable|paused/i.test(body?.message ?? ''));
      if (allowed) result.unavailable++;
      else result.bad5xx.push(`${res.status} ${res.headers.get('retry-after') ?? '-'} ${body?.message ?? ''}`);
    }
    // Told to come back later, a client waits (a short while here, so recovery is still seen within the second):
    // a loop that does not would spend its whole request budget on 503s while the dependency is down.
    if (res.status === 503) await new Promise((r) => setTimeout(r, BACK_OFF_MS));
    return body;
  };

  const post = (path: string, token: string, body: unknown) =>
    fetch(`${o.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });

  /** A card bid on the BTC lot: its hold is priced in dollars by the price service, so it is what a price outage touches. */
  const cardBidInSats = async (btc: NonNullable<LoadOptions['btc']>, n: number) => {
    const cardBidders = o.bidders.filter((b) => b.card);
    const bidder = cardBidders[n % cardBidders.length];
    if (!bidder) return;
    topSats = Math.max(topSats, Math.ceil(topSats * 1.02) + 100);
    const res = await post(`/auctions/${btc.lot}/bids`, bidder.token, { amount: String(topSats), walletAddress: 'card_payment' });
    const body = await check(res);
    if (res.status === 400 && body?.minimumBid) topSats = Math.max(topSats, Number(body.minimumBid));
    if (res.ok && body?.data?.bid?.id) result.acknowledged.push({ bidId: body.data.bid.id, lotId: btc.lot, kind: 'card' });
  };

  /** An offer built, signed by the wallet and placed: two requests, acknowledged once placed. */
  const btcBid = async (btc: NonNullable<LoadOptions['btc']>, n: number) => {
    const bidder = btc.bidders[n % btc.bidders.length]!;
    topSats = Math.max(topSats, Math.ceil(topSats * 1.02) + 100);
    const built = await post(`/auctions/${btc.lot}/bids`, bidder.token, { amount: topSats, walletAddress: bidder.paymentAddress, ordinalsAddress: bidder.ordinalsAddress });
    const offer = await check(built);
    // Outbid meanwhile by the other loops: the next offer goes above the minimum the refusal names.
    if (built.status === 400 && offer?.minimumBid) topSats = Math.max(topSats, Number(offer.minimumBid));
    if (!built.ok || !offer?.data?.psbtHex) return;
    result.requests++;
    const bidId = offer.data.bid._id as string;
    const placed = await post(`/auctions/${btc.lot}/finalize`, bidder.token, { bidId, signedPsbtHex: bidder.sign(offer.data.psbtHex) });
    const body = await check(placed);
    if (placed.ok && body?.data?.bid?._id === bidId) result.acknowledged.push({ bidId, lotId: btc.lot, kind: 'btc' });
  };

  const one = async () => {
    const n = turn++;
    result.requests++;
    try {
      if (n % 3 === 2) {
        await check(await fetch(`${o.url}/auctions?limit=20`, { signal: AbortSignal.timeout(15_000) }));
        return;
      }
      if (o.btc && n % 6 === 1) return await btcBid(o.btc, n);
      if (o.btc && n % 12 === 4) return await cardBidInSats(o.btc, n);
      if (o.evmAddress && n % 6 === 3) {
        const res = await fetch(`${o.url}/wallet/balance/${o.evmAddress}`, {
          headers: { authorization: `Bearer ${o.bidders[n % o.bidders.length]!.token}` },
          signal: AbortSignal.timeout(15_000),
        });
        await check(res);
        if (res.ok) result.balanceReads++;
        return;
      }
      const lotId = o.lots[n % o.lots.length]!;
      const bidder = o.bidders[n % o.bidders.length]!;
      const cents = top.get(lotId)! + 100 + (n % 7) * 10;
      top.set(lotId, cents);
      const amount = (cents / 100).toFixed(2);
      const res = await post(`/auctions/${lotId}/bids`, bidder.token, bidder.card ? { amount, walletAddress: 'card_payment' } : { amount });
      const body = await check(res);
      if (res.ok && body?.data?.bid?.id) result.acknowledged.push({ bidId: body.data.bid.id, lotId, kind: bidder.card ? 'card' : 'pay-later' });
    } catch {
      // No answer (the api down, a connection cut): back off a moment, as a client would, rather than spin.
      result.noAnswer++;
      await new Promise((r) => setTimeout(r, BACK_OFF_MS));
    }
  };

  const loop = async () => {
    while (!stopped && result.requests < o.maxRequests) await one();
  };
  const loops = Promise.all(Array.from({ length: o.concurrency }, loop));
  return {
    result,
    async stop() {
      stopped = true;
      await loops;
      return result;
    },
  };
}
