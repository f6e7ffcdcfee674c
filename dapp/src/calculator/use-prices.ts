import { useQuery } from '@tanstack/react-query';
import { CALCULATOR_DEFAULTS } from '@gavel/domain';
import { queryKeys } from '../api/query-keys.ts';
import { fetchPrices, FALLBACK_PRICES, type Prices } from './price-service.ts';

/**
 * Prices for the calculator, refreshed every 30 s while it is open. After a failed fetch the
 * defaults stand and refreshing stops until the calculator is next opened: offline, one attempt per opening
 * instead of a failing request every 30 s.
 */
export function usePrices(enabled: boolean): Prices {
  const query = useQuery({
    queryKey: queryKeys.prices,
    queryFn: ({ signal }) => fetchPrices(signal),
    enabled,
    staleTime: CALCULATOR_DEFAULTS.priceRefreshMs,
    refetchInterval: (q) => (q.state.data?.live === false ? false : CALCULATOR_DEFAULTS.priceRefreshMs),
    retry: false,
    gcTime: 0,
  });
  return query.data ?? FALLBACK_PRICES;
}
