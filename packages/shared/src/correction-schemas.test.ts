import { describe, expect, it } from 'vitest';
import { PublishCorrectionInputSchema, quotesPremiumText } from './correction-schemas.js';
import { LIMITS } from './constants.js';

const opening = 'The council met on Tuesday evening to discuss the budget for the coming year, and the ';
const paywalled = 'mayor announced that the new library would open in March with twelve thousand books on its shelves.';
const body = opening + paywalled;

describe('quotesPremiumText', () => {
  it('finds six or more words of the text past its public excerpt', () => {
    expect(
      quotesPremiumText('An earlier version said the library would open in March with twelve thousand books.', [body]),
    ).toBe(true);
  });

  it('ignores case and punctuation, and checks every version given', () => {
    expect(
      quotesPremiumText('We wrote: "LIBRARY, would open in March with twelve thousand BOOKS"', ['Other text.', body]),
    ).toBe(true);
  });

  it('allows the opening lines anyone sees, short phrases and descriptions of the change', () => {
    expect(
      quotesPremiumText('An earlier version said the council met on Tuesday evening to discuss the budget.', [body]),
    ).toBe(false);
    expect(quotesPremiumText('An earlier version gave the wrong month for the library.', [body])).toBe(false);
    expect(quotesPremiumText('Twelve thousand books.', [body])).toBe(false);
  });
});

describe('PublishCorrectionInputSchema', () => {
  const revisionId = '6f1c9a52-6a43-4b57-9b52-1d9e0a7f4c11';

  it('requires a note, trimmed, at most the limit, and a revision id', () => {
    expect(PublishCorrectionInputSchema.safeParse({ revisionId, note: '  <b>Fixed</b>  ' }).data).toEqual({
      revisionId,
      note: '<b>Fixed</b>',
    });
    expect(PublishCorrectionInputSchema.safeParse({ revisionId, note: '   ' }).success).toBe(false);
    expect(
      PublishCorrectionInputSchema.safeParse({ revisionId, note: 'x'.repeat(LIMITS.correctionMaxLength + 1) }).success,
    ).toBe(false);
    expect(PublishCorrectionInputSchema.safeParse({ revisionId: 'latest', note: 'Fixed' }).success).toBe(false);
  });
});
