import { TAGS, type Tag } from './constants.js';

/** A publisher's slug is at most this many characters (letters, digits and single hyphens). */
export const SLUG_MAX_LENGTH = 80;
/** The slug of a name with no letter or digit in it. */
const FALLBACK_SLUG = 'publisher';

/**
 * The address a publisher's page has, from its name: lower case, accents dropped, every run of anything
 * but letters and digits one hyphen ("Le Café, Paris" → "le-cafe-paris"). The server stores it when the
 * publisher is added (with "-2", "-3"… when another name gives the same), so it never changes afterwards.
 */
export function slugify(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = Array.from(words).slice(0, SLUG_MAX_LENGTH).join('').replace(/-+$/, '');
  return cut || FALLBACK_SLUG;
}

/** The n-th slug to try for a name whose plain slug is taken: "name-2", "name-3"… */
export const numberedSlug = (slug: string, n: number) => (n <= 1 ? slug : `${slug}-${n}`);

/** A tag's page is /tags/{the tag in lower case}. */
export const tagSlug = (tag: string) => tag.toLowerCase();

/** The tag a /tags/{slug} address names, if any: lower case only, so each tag has one address. */
export const tagFromSlug = (slug: string): Tag | undefined => TAGS.find((tag) => tagSlug(tag) === slug);
