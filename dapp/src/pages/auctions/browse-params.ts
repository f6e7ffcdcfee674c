import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENT_METHODS, type PaymentMethod } from '@gavel/domain';

/** The grid's status filter choices; the api applies the lot clock to them, as the cards do. */
export const STATUS_FILTERS = ['live', 'upcoming', 'ended'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface BrowseParams {
  search?: string;
  status?: StatusFilter;
  paymentMethod?: PaymentMethod;
  auctionEventId?: string;
  page: number;
}

/** Reads the grid's filters from the URL, ignoring values that are not ones the grid offers. */
export function parseBrowseParams(params: URLSearchParams): BrowseParams {
  const status = params.get('status') ?? '';
  const paymentMethod = params.get('paymentMethod') ?? '';
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() || undefined,
    status: (STATUS_FILTERS as readonly string[]).includes(status) ? (status as StatusFilter) : undefined,
    paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(paymentMethod) ? (paymentMethod as PaymentMethod) : undefined,
    auctionEventId: params.get('auctionEventId') || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The grid's filters live in the URL so a filtered page can be shared, reloaded and reached with Back. Changing
 * any filter starts again at page 1.
 */
export function useBrowseParams(): [BrowseParams, (changes: Partial<BrowseParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseBrowseParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<BrowseParams>) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setSearchParams],
  );

  return [params, update];
}
