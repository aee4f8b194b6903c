import { describe, expect, it } from 'vitest';
import { TAGS } from './constants.js';
import { numberedSlug, slugify, tagSlug } from './slugs.js';

describe('slugify', () => {
  it('lower-cases, drops accents and joins words with single hyphens', () => {
    expect(slugify('The Morning Ledger')).toBe('the-morning-ledger');
    expect(slugify('  Le Café, Paris!  ')).toBe('le-cafe-paris');
    expect(slugify('A.B -- C')).toBe('a-b-c');
  });

  it('keeps letters of any script, and names without any get a fallback', () => {
    expect(slugify('Die Straße 24')).toBe('die-straße-24');
    expect(slugify('日本 新聞')).toBe('日本-新聞');
    expect(slugify('!!!')).toBe('publisher');
  });

  it('is at most 80 characters and never ends with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('x'.repeat(200))).toHaveLength(80);
  });

  it('numbers the later ones', () => {
    expect(numberedSlug('times', 1)).toBe('times');
    expect(numberedSlug('times', 3)).toBe('times-3');
  });
});

describe('tag slugs', () => {
  it("links to a tag by its name in lower case, which is SPEC's five's slug", () => {
    expect(tagSlug('Technology')).toBe('technology');
    for (const tag of TAGS) expect(tagSlug(tag)).toBe(slugify(tag));
  });
});
