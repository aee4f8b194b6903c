import { describe, expect, it } from 'vitest';
import { TEXT } from './texts.js';
import { FAMILY_MESSAGES } from './family.js';
import { PLAN_TEXT } from './plan-texts.js';

describe('TEXT.detail.views', () => {
  it('says one view, and counts the rest with separators', () => {
    expect(TEXT.detail.views(0)).toBe('0 views');
    expect(TEXT.detail.views(1)).toBe('1 view');
    expect(TEXT.detail.views(12_345)).toBe('12,345 views');
  });
});

describe('typography', () => {
  it('writes an apostrophe curly, as the other texts do', () => {
    expect(PLAN_TEXT.fields.freeDaysHint).toContain('reader’s');
    expect(PLAN_TEXT.fields.freeDaysHint).not.toContain("'");
  });

  it('keeps "e-mail" on one line in the family’s verify-your-address message (a non-breaking hyphen)', () => {
    expect(FAMILY_MESSAGES.invitationNeedsVerifiedAddress).toContain('welcome e\u2011mail');
  });
});
