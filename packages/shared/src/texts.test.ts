import { describe, expect, it } from 'vitest';
import { TEXT } from './texts.js';

describe('TEXT.detail.views', () => {
  it('says one view, and counts the rest with separators', () => {
    expect(TEXT.detail.views(0)).toBe('0 views');
    expect(TEXT.detail.views(1)).toBe('1 view');
    expect(TEXT.detail.views(12_345)).toBe('12,345 views');
  });
});
