/**
 * What a visitor types in a search box, found as typed: LIKE reads `%` and `_` as wildcards (and `\` as their
 * escape), and Prisma's `contains` hands the text to LIKE as it is, so a search for "%" matched every row.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern finding the text anywhere. */
export const likeOf = (text: string): string => `%${escapeLike(text)}%`;

/** A Prisma filter: the text anywhere in the column, in any case. */
export const containing = (text: string) => ({ contains: escapeLike(text), mode: 'insensitive' as const });
