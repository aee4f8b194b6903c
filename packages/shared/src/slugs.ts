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

/**
 * The address a link to a tag's page uses, from its name: the name in lower case, which is the page's slug for
 * SPEC's five and any one-word tag; the server finds a tag by it too and redirects to the slug when they differ
 * (docs/product.md#tags). Kept this small: every card's tags link with it, in the home page's first load.
 */
export const tagSlug = (tag: string) => tag.toLowerCase();
