/**
 * Esplora client in mempool.space's API shape (the public explorer the spec names, or the local
 * stand-in in scripts/stand-ins/bitcoin/). `BITCOIN_ESPLORA_URL` is the API root, e.g.
 * https://mempool.space/testnet4/api. Amounts are sats, fee rates sat/vB.
 */
import { CircuitOpenError, type CircuitBreaker } from '../health/breaker.ts';
import { OUTSIDE_CALL_RETRIES, withRetries } from '../health/retry.ts';

export interface TxStatus {
  confirmed: boolean;
  block_height?: number;
  block_hash?: string;
  block_time?: number;
}

/** An unspent output as GET /address/:address/utxo lists it. */
export interface AddressUtxo {
  txid: string;
  vout: number;
  value: number;
  status: TxStatus;
}

export interface EsploraTx {
  txid: string;
  version: number;
  locktime: number;
  vin: Array<{ txid: string; vout: number; prevout: EsploraTxOut | null; witness?: string[]; sequence: number; is_coinbase: boolean }>;
  vout: EsploraTxOut[];
  weight: number;
  fee: number;
  status: TxStatus;
}

export interface EsploraTxOut {
  scriptpubkey: string;
  scriptpubkey_address?: string;
  scriptpubkey_type: string;
  value: number;
}

export interface Outspend {
  spent: boolean;
  txid?: string;
  vin?: number;
  status?: TxStatus;
}

/** GET /v1/fees/recommended (mempool.space), sat/vB. */
export interface RecommendedFees {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
  economyFee: number;
  minimumFee: number;
}

export interface AddressStats {
  address: string;
  chain_stats: { funded_txo_sum: number; spent_txo_sum: number; tx_count: number };
  mempool_stats: { funded_txo_sum: number; spent_txo_sum: number; tx_count: number };
}

/** A non-2xx answer. `body` is Esplora's text, e.g. `sendrawtransaction RPC error: {"code":-25,...}`. */
export class EsploraError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly path: string,
  ) {
    super(`Esplora ${path} answered ${status}: ${body.slice(0, 300)}`);
    this.name = 'EsploraError';
  }
}

export interface EsploraClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Opens after repeated failures: calls then fail at once (a 503 to the bidder) until Esplora answers again. */
  breaker?: CircuitBreaker;
}

/** Esplora's fault, not the request's: no answer in time, no connection, or a 5xx (a 4xx is final). */
export function serviceFault(error: unknown): boolean {
  if (error instanceof CircuitOpenError) return false;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status >= 500 : true;
}

export class EsploraClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly breaker: CircuitBreaker | undefined;

  constructor(options: EsploraClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
    this.breaker = options.breaker;
  }

  addressUtxos(address: string): Promise<AddressUtxo[]> {
    return this.json(`/address/${encodeURIComponent(address)}/utxo`);
  }

  address(address: string): Promise<AddressStats> {
    return this.json(`/address/${encodeURIComponent(address)}`);
  }

  /** Confirmed plus unconfirmed balance in sats: what the wallet can spend now. */
  async balance(address: string): Promise<{ confirmed: number; unconfirmed: number; total: number }> {
    const stats = await this.address(address);
    const confirmed = stats.chain_stats.funded_txo_sum - stats.chain_stats.spent_txo_sum;
    const unconfirmed = stats.mempool_stats.funded_txo_sum - stats.mempool_stats.spent_txo_sum;
    return { confirmed, unconfirmed, total: confirmed + unconfirmed };
  }

  tx(txid: string): Promise<EsploraTx> {
    return this.json(`/tx/${txid}`);
  }

  txStatus(txid: string): Promise<TxStatus> {
    return this.json(`/tx/${txid}/status`);
  }

  txHex(txid: string): Promise<string> {
    return this.text(`/tx/${txid}/hex`);
  }

  outspend(txid: string, vout: number): Promise<Outspend> {
    return this.json(`/tx/${txid}/outspend/${vout}`);
  }

  /** POST /tx with the raw hex; answers the txid. A refused transaction throws EsploraError (400, RPC text). */
  async broadcast(txHex: string): Promise<string> {
    return (await this.request('/tx', { method: 'POST', body: txHex, headers: { 'content-type': 'text/plain' } })).trim();
  }

  async tipHeight(): Promise<number> {
    return Number(await this.text('/blocks/tip/height'));
  }

  recommendedFees(): Promise<RecommendedFees> {
    return this.json('/v1/fees/recommended');
  }

  /** Confirmations of a transaction: 0 while in the mempool, null when Esplora does not know it. */
  async confirmations(txid: string): Promise<number | null> {
    let status: TxStatus;
    try {
      status = await this.txStatus(txid);
    } catch (error) {
      if (error instanceof EsploraError && error.status === 404) return null;
      throw error;
    }
    if (!status.confirmed || status.block_height === undefined) return 0;
    return (await this.tipHeight()) - status.block_height + 1;
  }

  private async json<T>(path: string): Promise<T> {
    return JSON.parse(await this.request(path)) as T;
  }

  private text(path: string): Promise<string> {
    return this.request(path);
  }

  /**
   * Each attempt bounded by the timeout; a timeout, a lost connection or a 5xx tried again with jittered backoff
   * (every call is safe to repeat: reads, and a broadcast of the same transaction), a 4xx at once final.
   */
  private request(path: string, init: RequestInit = {}): Promise<string> {
    const attempt = async () => {
      const res = await this.fetchImpl(this.baseUrl + path, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      const body = await res.text();
      if (!res.ok) throw new EsploraError(res.status, body, path);
      return body;
    };
    const once = this.breaker ? () => this.breaker!.run(attempt, serviceFault) : attempt;
    return withRetries(once, { ...OUTSIDE_CALL_RETRIES, retryable: serviceFault });
  }
}
