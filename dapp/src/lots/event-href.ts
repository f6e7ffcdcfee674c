/** An auction event's own page, where its dates, state and lots are. */
export function eventHref(event: { slug: string }): string {
  return `/auction-events/${encodeURIComponent(event.slug)}`;
}
