import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENT_METHODS, type LotSort, type PaymentMethod } from '@gavel/domain';

/** The grid's status filter choices; the api applies the lot clock to them, as the cards do. */
export const STATUS_FILTERS = ['live', 'upcoming', 'ended'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * The grid's orders, as `?sort=` names them, and what each asks the api. Ending soon (live lots ending soonest,
 * then upcoming, then ended) is the api's own default, so it sends no sort and stays out of the URL.
 */
export const SORT_CHOICES = {
  'ending-soon': { label: 'Ending soon', query: {} },
  newest: { label: 'Newly listed', query: { sort: 'createdAt', order: 'desc' } },
  'price-asc': { label: 'Price: low to high', query: { sort: 'price', order: 'asc' } },
  'price-desc': { label: 'Price: high to low', query: { sort: 'price', order: 'desc' } },
  bids: { label: 'Most bids', query: { sort: 'bids', order: 'desc' } },
} as const satisfies Record<string, { label: string; query: { sort?: LotSort; order?: 'asc' | 'desc' } }>;
export type SortChoice = keyof typeof SORT_CHOICES;
export const DEFAULT_SORT: SortChoice = 'ending-soon';

export interface BrowseParams {
  search?: string;
  sort: SortChoice;
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
  const sort = params.get('sort') ?? '';
  return {
    sort: Object.hasOwn(SORT_CHOICES, sort) ? (sort as SortChoice) : DEFAULT_SORT,
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
          if (value === undefined || value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === DEFAULT_SORT)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setSearchParams],
  );

  return [params, update];
}
