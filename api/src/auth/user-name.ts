/** A person's name in full as Gavel shows it: the name they gave, else their first and last names; null when none. */
export function fullNameOf(person: { name: string | null; firstName: string | null; lastName: string | null }): string | null {
  return person.name ?? ([person.firstName, person.lastName].filter(Boolean).join(' ') || null);
}

/** "Bea Bidder" -> "B***r": enough to tell bidders apart in a history, not to identify them. */
export function maskName(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (text.length < 2) return 'Bidder';
  return `${text[0]}***${text[text.length - 1]}`;
}
