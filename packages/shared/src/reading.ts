/** An adult's silent reading speed of prose on a screen, in words a minute. */
export const READING_WORDS_PER_MINUTE = 230;

/** Words as a reader counts them: runs of letters or digits between spaces, whatever the punctuation. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * The minutes an article's reading time shows: of the text this reader may read (the whole text, or a
 * premium article's teaser for a reader without premium), rounded up, at least one.
 */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.ceil(wordCount(text) / READING_WORDS_PER_MINUTE));
}
