/**
 * Client of an ord server's JSON API (`ord server --enable-json-api`; requests carry Accept: application/json):
 * which inscriptions an output carries, an inscription's metadata and content. `ORD_URL` is its root.
 */

/** GET /output/:txid:vout */
export interface OrdOutput {
  address: string | null;
  inscriptions: string[];
  /** Inscription ids are `<revealTxid>i<n>`; satpoints `txid:vout:offset`. */
  script_pubkey: string;
  spent: boolean;
  transaction: string;
  value: number;
  indexed?: boolean;
}

/** GET /inscription/:id */
export interface OrdInscription {
  id: string;
  number: number;
  address: string | null;
  content_type: string | null;
  content_length: number | null;
  genesis_height: number;
  genesis_fee: number;
  satpoint: string;
  value: number | null;
  timestamp: number;
}

/** GET /address/:address */
export interface OrdAddress {
  outputs: string[];
  inscriptions: string[];
  sat_balance: number;
}

import type { CircuitBreaker } from '../health/breaker.ts';
import { OUTSIDE_CALL_RETRIES, withRetries } from '../health/retry.ts';
import { serviceFault } from './esplora.ts';

export class OrdError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly path: string,
  ) {
    super(`ord ${path} answered ${status}: ${body.slice(0, 300)}`);
    this.name = 'OrdError';
  }
}

/** A satpoint split: the inscription sits at `offset` sats into output `txid:vout`. */
export function parseSatpoint(satpoint: string): { txid: string; vout: number; offset: number } {
  const [txid, vout, offset] = satpoint.split(':');
  if (!txid || vout === undefined || offset === undefined) throw new Error(`Invalid satpoint ${satpoint}`);
  return { txid, vout: Number(vout), offset: Number(offset) };
}

export class OrdClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  private readonly breaker: CircuitBreaker | undefined;

  constructor(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch; breaker?: CircuitBreaker }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
    this.breaker = options.breaker;
  }

  /** A read, bounded per attempt, retried with jittered backoff on ord's faults (as Esplora's: esplora.ts). */
  private call<T>(attempt: () => Promise<T>): Promise<T> {
    const once = this.breaker ? () => this.breaker!.run(attempt, serviceFault) : attempt;
    return withRetries(once, { ...OUTSIDE_CALL_RETRIES, retryable: serviceFault });
  }

  output(txid: string, vout: number): Promise<OrdOutput> {
    return this.json(`/output/${txid}:${vout}`);
  }

  /** Inscription ids on each outpoint (`txid:vout`), asked in parallel. */
  async inscriptionsOn(outpoints: Array<{ txid: string; vout: number }>): Promise<Map<string, string[]>> {
    const found = await Promise.all(outpoints.map(async (o) => [`${o.txid}:${o.vout}`, (await this.output(o.txid, o.vout)).inscriptions] as const));
    return new Map(found);
  }

  inscription(id: string): Promise<OrdInscription> {
    return this.json(`/inscription/${id}`);
  }

  address(address: string): Promise<OrdAddress> {
    return this.json(`/address/${address}`);
  }

  /** The inscription's body and content type, as GET /content/:id serves them. */
  content(id: string): Promise<{ contentType: string | null; body: Uint8Array }> {
    return this.call(async () => {
      const res = await this.fetchImpl(`${this.baseUrl}/content/${id}`, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new OrdError(res.status, await res.text(), `/content/${id}`);
      return { contentType: res.headers.get('content-type'), body: new Uint8Array(await res.arrayBuffer()) };
    });
  }

  private json<T>(path: string): Promise<T> {
    return this.call(async () => {
      const res = await this.fetchImpl(this.baseUrl + path, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
      const body = await res.text();
      if (!res.ok) throw new OrdError(res.status, body, path);
      return JSON.parse(body) as T;
    });
  }
}
