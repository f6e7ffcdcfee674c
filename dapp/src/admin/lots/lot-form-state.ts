/**
 * The lot form's values as the inputs hold them (text), and the conversions to and from the api: times go
 * through `datetime-local` inputs in the admin's own time zone and travel as ISO 8601.
 */
import type { AdminLot, LotCreateBody, LotFormValues, PaymentMethod } from '@gavel/domain';

export interface LotFormState {
  title: string;
  description: string;
  paymentMethod: PaymentMethod;
  startingBid: string;
  reservePrice: string;
  buyNowEnabled: boolean;
  buyNowPrice: string;
  estimateLow: string;
  estimateHigh: string;
  startTime: string;
  endTime: string;
  imageUrls: string[];
  /** BTC lots: Bitcoin bids only from bidders' vaults (binding). */
  vaultBidsRequired: boolean;
}

/** `2026-11-22T09:30` in local time, as a datetime-local input wants it. */
export function toLocalInput(iso: string | Date | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local time as ISO 8601, or '' when empty or not a date (the rules then name the field). */
export function fromLocalInput(value: string): string {
  if (!value.trim()) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function emptyLotForm(defaults: { startTime?: string; endTime?: string } = {}): LotFormState {
  return {
    title: '',
    description: '',
    paymentMethod: 'Manual',
    startingBid: '',
    reservePrice: '',
    buyNowEnabled: false,
    buyNowPrice: '',
    // The inputs hold whole minutes: the start rounds up and the end down, so the defaults stay inside the window.
    estimateLow: '',
    estimateHigh: '',
    startTime: defaults.startTime ? toLocalInput(Math.ceil(new Date(defaults.startTime).getTime() / 60_000) * 60_000) : '',
    endTime: defaults.endTime ? toLocalInput(defaults.endTime) : '',
    imageUrls: [],
    vaultBidsRequired: false,
  };
}

export function lotFormFrom(lot: AdminLot): LotFormState {
  return {
    title: lot.title,
    description: lot.description,
    paymentMethod: lot.paymentMethod,
    startingBid: lot.startingBid,
    reservePrice: lot.reservePrice ?? '',
    buyNowEnabled: lot.buyNowEnabled,
    buyNowPrice: lot.buyNowPrice ?? '',
    estimateLow: lot.estimateLow ?? '',
    estimateHigh: lot.estimateHigh ?? '',
    startTime: toLocalInput(lot.startTime),
    endTime: toLocalInput(lot.endTime),
    imageUrls: lot.imageUrls,
    vaultBidsRequired: lot.vaultBidsRequiredOwn ?? false,
  };
}

/** What the shared rules (domain's checkLotEdit) read. */
export function ruleValues(form: LotFormState): LotFormValues {
  return {
    title: form.title,
    paymentMethod: form.paymentMethod,
    startTime: fromLocalInput(form.startTime),
    endTime: fromLocalInput(form.endTime),
    startingBid: form.startingBid,
    reservePrice: form.reservePrice,
    buyNowEnabled: form.buyNowEnabled,
    buyNowPrice: form.buyNowPrice,
    estimateLow: form.estimateLow,
    estimateHigh: form.estimateHigh,
  };
}

/** The body of PUT /lots/:id and POST /auctions: empty optional amounts are sent as null (cleared). */
export function lotBody(form: LotFormState): Omit<LotCreateBody, 'auctionEventId'> {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    title: form.title.trim(),
    description: form.description,
    paymentMethod: form.paymentMethod,
    startingBid: form.startingBid.trim(),
    reservePrice: optional(form.reservePrice),
    buyNowEnabled: form.buyNowEnabled,
    buyNowPrice: form.buyNowEnabled ? optional(form.buyNowPrice) : null,
    estimateLow: optional(form.estimateLow),
    estimateHigh: optional(form.estimateHigh),
    startTime: fromLocalInput(form.startTime),
    endTime: fromLocalInput(form.endTime),
    imageUrls: form.imageUrls,
    ...(form.paymentMethod === 'BTC' ? { vaultBidsRequired: form.vaultBidsRequired } : {}),
  };
}

export function sameForm(a: LotFormState, b: LotFormState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
