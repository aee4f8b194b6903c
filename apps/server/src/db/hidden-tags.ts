import { arrayOverlaps, not } from 'drizzle-orm';
import { articles } from './schema.js';

/**
 * Leaves out the articles with any of a young reader's hidden tags (docs/product.md#parental-controls): one
 * condition for every query that lists articles to a reader. No condition when there are none.
 */
export const withoutHiddenTags = (hiddenTags: readonly string[] | undefined) =>
  hiddenTags?.length ? not(arrayOverlaps(articles.tags, [...hiddenTags])) : undefined;
