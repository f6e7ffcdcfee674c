import { useSearchParams } from 'react-router';

/** Filters kept in the address (so a filtered list can be bookmarked); changing one goes back to page 1. */
export function useFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined])) as Record<K, string | undefined>;
  const page = Number(params.get('page')) || 1;
  const set = (key: K | 'page', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  return { values, page, set };
}
