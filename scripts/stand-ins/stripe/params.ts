/**
 * Typed reads of a request's decoded parameters, refusing unknown ones as Stripe does ("Received unknown
 * parameter"), so a typo in the api's SDK call fails here as it would against Stripe.
 */
import { errors } from './errors.ts';
import type { FormParams, FormValue } from './form.ts';

/** Accepted everywhere: `expand`, and what Stripe.js adds to browser calls made with a publishable key. */
const ALWAYS = ['expand', 'key', '_stripe_version', '_stripe_account', 'use_stripe_sdk', 'expected_payment_method_type', 'client_context'];

export class Params {
  constructor(
    readonly raw: FormParams,
    allowed: readonly string[],
  ) {
    for (const name of Object.keys(raw)) {
      if (!allowed.includes(name) && !ALWAYS.includes(name)) throw errors.unknownParam(name);
    }
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined;
  }

  string(name: string): string | undefined {
    const value = this.raw[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw errors.invalidParam(name, `Invalid string: ${name} must be a string`);
    return value;
  }

  requiredString(name: string): string {
    const value = this.string(name);
    if (value === undefined || value === '') throw errors.missingParam(name);
    return value;
  }

  int(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw errors.invalidInteger(name, value);
    return Number(value);
  }

  bool(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw errors.invalidBoolean(name, value);
    return value === 'true';
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T)) throw errors.invalidEnum(name, allowed);
    return value as T;
  }

  object(name: string): FormParams | undefined {
    const value = this.raw[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidParam(name, `Invalid object: ${name} must be a hash`);
    return value;
  }

  stringList(name: string): string[] | undefined {
    const value = this.raw[name];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) throw errors.invalidParam(name, `Invalid array: ${name} must be an array`);
    return value;
  }

  /** Stripe metadata: string values; `metadata=` (empty) clears it. */
  metadata(): Record<string, string> | undefined {
    const value = this.raw.metadata;
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidParam('metadata', 'Invalid hash: metadata must be a hash');
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stringOf(v)]));
  }

  expand(): string[] {
    return this.stringList('expand') ?? [];
  }
}

function stringOf(value: FormValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A nested hash's string fields (card[number], billing_details[email], ...), refusing unknown keys. */
export function nested(hash: FormParams, prefix: string, allowed: readonly string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(hash)) {
    if (!allowed.includes(key)) throw errors.unknownParam(`${prefix}[${key}]`);
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/**
 * `allowed_payment_method_types` (API 2026 and later) or `payment_method_types` (earlier versions and
 * Stripe.js): the stand-in takes cards only.
 */
export function cardOnly(p: Params): string[] {
  const param = p.has('allowed_payment_method_types') ? 'allowed_payment_method_types' : 'payment_method_types';
  const types = p.stringList(param) ?? ['card'];
  if (types.some((t) => t !== 'card')) throw errors.invalidParam(param, `The stand-in supports ${param}: card only.`);
  return types;
}
