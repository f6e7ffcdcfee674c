/**
 * What many visitors browsing at once ask for: different filters, sorts, orders and pages of GET /auctions, each
 * combination a different query (and, with the page cache on, a different cache entry). Drawn from every
 * combination by a seeded shuffle, so two runs ask for the same mix.
 */
const statuses = ['live', 'upcoming', 'ended', null];
const methods = ['BTC', 'ETH', 'Manual', null];
const sorts = ['sort=endTime&order=asc', 'sort=price&order=desc', 'sort=price&order=asc', 'sort=bids&order=desc', 'sort=createdAt&order=desc', 'sort=title&order=asc'];
// First pages, and some deep ones.
const pages = [1, 2, 3, 10, 50];
const extras = ['', '&search=orb', '&minPrice=50&maxPrice=400', '&search=glyph'];

export function browseMix(count: number): string[] {
  const all: string[] = [];
  for (const status of statuses)
    for (const method of methods)
      for (const sort of sorts)
        for (const page of pages)
          for (const extra of extras) {
            const query = [status && `status=${status}`, method && `paymentMethod=${method}`, sort, 'limit=20', `page=${page}`].filter(Boolean).join('&');
            all.push(`/auctions?${query}${extra}`);
          }
  // A seeded Fisher-Yates shuffle (mulberry32), then the first `count`.
  let seed = 20261124;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}
