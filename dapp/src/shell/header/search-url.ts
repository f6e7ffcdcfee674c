/**
 * Where a header search goes: the /auctions grid with `search` set, keeping the grid's other filters when the
 * visitor is already on it, and starting again from page 1 because the old page number means nothing now.
 */
export function searchUrl(term: string, pathname: string, currentSearch: string): { pathname: string; search: string } {
  const params = pathname === '/auctions' ? new URLSearchParams(currentSearch) : new URLSearchParams();
  params.delete('page');
  if (term) params.set('search', term);
  else params.delete('search');
  const search = params.toString();
  return { pathname: '/auctions', search: search ? `?${search}` : '' };
}
