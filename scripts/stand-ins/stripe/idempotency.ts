/**
 * Idempotency-Key, as Stripe applies it to POSTs: the first reply to a key is saved for 24 hours; the same
 * key with the same endpoint and parameters gets that reply again (header `Idempotent-Replayed: true`) and
 * changes nothing; the same key with other parameters is a 400 idempotency_error.
 */
import { errors } from './errors.ts';
import type { FormParams } from './form.ts';

const KEEP_MS = 24 * 60 * 60 * 1000;

export interface SavedReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

interface Entry {
  endpoint: string;
  params: string;
  reply: SavedReply;
  at: number;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** The saved reply for this key, or null for a new key; throws if the key was used for another request. */
  replay(key: string, endpoint: string, params: FormParams): SavedReply | null {
    if (key.length > 255) throw errors.idempotencyKeyTooLong();
    this.prune();
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.endpoint !== endpoint || entry.params !== canonical(params)) throw errors.idempotencyMismatch(key);
    return entry.reply;
  }

  save(key: string, endpoint: string, params: FormParams, reply: SavedReply): void {
    this.entries.set(key, { endpoint, params: canonical(params), reply, at: Date.now() });
  }

  private prune(): void {
    const cutoff = Date.now() - KEEP_MS;
    for (const [key, entry] of this.entries) {
      if (entry.at >= cutoff) break; // insertion order is age order
      this.entries.delete(key);
    }
  }
}

/** Parameters compared regardless of their order in the body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
