/**
 * The admin lot form's rules, written once: the dapp's edit form shows these errors as
 * the admin types, and the api refuses the same inputs with the same texts. The function also resolves what
 * is stored: a time within 60 s of the stored one counts as unchanged (the form's minute-precision inputs
 * round it) and keeps the stored value exactly, so an untouched time never trips the rules for changed ones.
 */
import { fill, adminMessages } from './messages.ts';
import { AmountError, parseAmount, unitFor, type PaymentMethod } from './money.ts';
import { phaseOf, shownStatus, type LotStatus, type StoredLotStatus } from './lot-clock.ts';

/** The spec's start/end time tolerance: a time this close to the stored one counts as unchanged. */
export const TIME_TOLERANCE_MS = 60_000;

type Amount = string | number | null | undefined;
type Time = string | Date | null | undefined;

export interface LotFormValues {
  title: string | null | undefined;
  paymentMethod: PaymentMethod;
  startTime: Time;
  endTime: Time;
  /** Amounts in the lot's display unit ("15000" sats, "0.05" ETH, "12.50" USD). */
  startingBid: Amount;
  reservePrice?: Amount;
  buyNowEnabled?: boolean;
  buyNowPrice?: Amount;
  estimateLow?: Amount;
  estimateHigh?: Amount;
}

export interface LotEditContext {
  /** The lot as stored; absent when the form creates a lot. */
  original?: {
    status: StoredLotStatus | LotStatus;
    startTime: string | Date;
    endTime: string | Date;
    paymentMethod: PaymentMethod;
    auctionType: 'onchain' | 'offchain';
    /** Display-unit text, as the lot reply carries it. */
    startingBid: string;
    bidCount: number;
  };
  /** The lot's auction event: its window bounds the lot's times. */
  event?: { startTime: string | Date; endTime: string | Date } | null;
  now?: Date;
}

export interface ResolvedLotValues {
  title: string;
  startTime: Date;
  endTime: Date;
  /** Smallest unit (sats, wei, cents). */
  startingBid: bigint;
  reservePrice: bigint | null;
  buyNowPrice: bigint | null;
  estimateLow: bigint | null;
  estimateHigh: bigint | null;
}

export type LotEditResult = { ok: true; values: ResolvedLotValues } | { ok: false; code: 'lot_ended' | 'lot_cancelled' | 'validation_failed'; message: string; fields: Record<string, string> };

export function checkLotEdit(form: LotFormValues, context: LotEditContext = {}): LotEditResult {
  const now = context.now ?? new Date();
  const original = context.original;
  const phase = original ? phaseOf(shownStatus(original, now)) : 'upcoming';
  if (phase === 'ended') return { ok: false, code: 'lot_ended', message: adminMessages.cannotEditEnded, fields: {} };
  if (phase === 'cancelled') return { ok: false, code: 'lot_cancelled', message: adminMessages.cannotEditCancelled, fields: {} };

  const fields: Record<string, string> = {};
  const title = (form.title ?? '').trim();
  if (!title) fields.title = adminMessages.titleRequired;

  const unit = unitFor(form.paymentMethod);
  const amount = (field: string, value: Amount, negative: string) => parseField(fields, field, value, unit, negative);
  const startingBid = amount('startingBid', form.startingBid, adminMessages.startingBidPositive);
  if (startingBid === null && !fields.startingBid) fields.startingBid = adminMessages.startingBidRequired;
  else if (startingBid === 0n) fields.startingBid = adminMessages.startingBidPositive;
  const reservePrice = amount('reservePrice', form.reservePrice, adminMessages.reserveNotNegative);
  const buyNowPrice = form.buyNowEnabled ? amount('buyNowPrice', form.buyNowPrice, adminMessages.buyNowPriceRequired) : null;
  if (form.buyNowEnabled && !fields.buyNowPrice) {
    if (!buyNowPrice) fields.buyNowPrice = adminMessages.buyNowPriceRequired;
    else if (startingBid !== null && buyNowPrice < startingBid) fields.buyNowPrice = adminMessages.buyNowBelowStart;
  }
  const estimateLow = amount('estimateLow', form.estimateLow, fill(adminMessages.amountInvalid, { unit }));
  const estimateHigh = amount('estimateHigh', form.estimateHigh, fill(adminMessages.amountInvalid, { unit }));
  if (estimateLow !== null && estimateHigh !== null && estimateHigh < estimateLow) fields.estimateHigh = adminMessages.estimateOrder;

  if (original && original.bidCount > 0) {
    const startingChanged = startingBid !== null && original.paymentMethod === form.paymentMethod && startingBid !== safeParse(original.startingBid, unit);
    if (original.paymentMethod !== form.paymentMethod) fields.paymentMethod = adminMessages.lockedByBids;
    else if (startingChanged && !fields.startingBid) fields.startingBid = adminMessages.lockedByBids;
  }

  const start = parseTime(fields, 'startTime', form.startTime, adminMessages.startTimeRequired, adminMessages.startTimeInvalid);
  const end = parseTime(fields, 'endTime', form.endTime, adminMessages.endTimeRequired, adminMessages.endTimeInvalid);
  let startTime = start;
  let endTime = end;
  if (start && end) {
    const startChanged = !original || !sameTime(start, original.startTime);
    const endChanged = !original || !sameTime(end, original.endTime);
    if (original && !startChanged) startTime = new Date(original.startTime);
    if (original && !endChanged) endTime = new Date(original.endTime);
    const event = context.event;
    if (phase === 'live') {
      // A live lot has bidders: its start is history and stays as it was.
      if (startChanged) fields.startTime = adminMessages.startTimeLocked;
      startTime = new Date(original!.startTime);
      if (endTime! < startTime) fields.endTime = adminMessages.endBeforeLiveStart;
    } else if (startChanged && event && start < new Date(event.startTime)) {
      fields.startTime = fill(adminMessages.startBeforeEvent, { eventStart: utcText(event.startTime) });
    }
    if (!fields.endTime && endTime! <= startTime!) fields.endTime = adminMessages.endAfterStart;
    else if (!fields.endTime && endChanged && endTime! <= now) fields.endTime = adminMessages.endInPast;
    else if (!fields.endTime && endChanged && event && endTime! > new Date(event.endTime)) {
      fields.endTime = fill(adminMessages.endAfterEvent, { eventEnd: utcText(event.endTime) });
    }
  }

  const first = Object.values(fields)[0];
  if (first) return { ok: false, code: 'validation_failed', message: first, fields };
  return {
    ok: true,
    values: { title, startTime: startTime!, endTime: endTime!, startingBid: startingBid!, reservePrice, buyNowPrice, estimateLow, estimateHigh },
  };
}

function sameTime(value: Date, stored: string | Date): boolean {
  return Math.abs(value.getTime() - new Date(stored).getTime()) <= TIME_TOLERANCE_MS;
}

function parseTime(fields: Record<string, string>, field: string, value: Time, required: string, invalid: string): Date | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    fields[field] = required;
    return null;
  }
  const date = value instanceof Date ? value : new Date(value.trim());
  if (Number.isNaN(date.getTime())) {
    fields[field] = invalid;
    return null;
  }
  return date;
}

/** Empty means "not set" (null); a leading minus gets the field's own "negative" text. */
function parseField(fields: Record<string, string>, field: string, value: Amount, unit: ReturnType<typeof unitFor>, negative: string): bigint | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (/^-\s*\d/.test(text) || (typeof value === 'number' && value < 0)) {
    fields[field] = negative;
    return null;
  }
  try {
    return parseAmount(value, unit);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    fields[field] = fill(adminMessages.amountInvalid, { unit });
    return null;
  }
}

function safeParse(text: string, unit: ReturnType<typeof unitFor>): bigint | null {
  try {
    return parseAmount(text, unit);
  } catch {
    return null;
  }
}

/**
 * A moment in a message the api and the dapp both send, which knows no reader's zone: in UTC, saying so
 * ("2026-12-06 12:00 UTC"), never a raw ISO timestamp.
 */
function utcText(at: string | Date): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
