/**
 * Gavel's public channels for the footer's Follow Us column. They are plain outbound links, kept here so a
 * deployment changes them in one place.
 */
export const SOCIAL_LINKS = [
  { label: 'X (Twitter)', href: 'https://x.com/gavel' },
  { label: 'Discord', href: 'https://discord.gg/gavel' },
  { label: 'Instagram', href: 'https://www.instagram.com/gavel' },
] as const;
