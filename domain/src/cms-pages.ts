/**
 * The CMS pages the site shows, by slug, with their public address. The policies (terms, privacy, conditions of
 * business) are also versioned: publishing a version of a policy kind replaces the page of that slug.
 * Kept apart from the CMS schemas: the dapp's routes need this list on every first visit, and importing it from a
 * module that builds zod schemas would ship and run zod before the first page could draw.
 */
export const CMS_PAGES = [
  { slug: 'about-us', name: 'About', path: '/about' },
  { slug: 'privacy-policy', name: 'Privacy Policy', path: '/privacy-policy' },
  { slug: 'terms-conditions', name: 'Terms & Conditions', path: '/terms-conditions' },
  { slug: 'conditions-of-business', name: 'Conditions of Business', path: '/conditions-of-business' },
] as const;
