/** A person's name in full as Gavel shows it: the name they gave, else their first and last names; null when none. */
export function fullNameOf(person: { name: string | null; firstName: string | null; lastName: string | null }): string | null {
  return person.name ?? ([person.firstName, person.lastName].filter(Boolean).join(' ') || null);
}
