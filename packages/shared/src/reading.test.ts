import { describe, expect, it } from 'vitest';
import { readingMinutes, READING_WORDS_PER_MINUTE, wordCount } from './reading.js';

describe('reading time', () => {
  it('counts words across line breaks and punctuation, not stray marks', () => {
    expect(wordCount('  One two,\nthree — four.\n\n“Five” 6 ')).toBe(6);
    expect(wordCount('')).toBe(0);
    expect(wordCount('café naïve 東京')).toBe(3);
  });

  it('rounds up to whole minutes, at least one', () => {
    const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(words(READING_WORDS_PER_MINUTE))).toBe(1);
    expect(readingMinutes(words(READING_WORDS_PER_MINUTE + 1))).toBe(2);
    expect(readingMinutes(words(READING_WORDS_PER_MINUTE * 7))).toBe(7);
  });
});
