import { describe, expect, it } from 'vitest';
import { optionalText, requiredText, text } from './fields.js';
import { TEXT } from './texts.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the text rule', () => {
  it('refuses a NUL anywhere in a text, with a message that names it', () => {
    for (const schema of [text(), requiredText('Name is required', 100), optionalText(100)]) {
      expect(messagesOf(schema.safeParse('a\u0000b'))).toContain(TEXT.validation.noNul);
      expect(messagesOf(schema.safeParse('\u0000'))).toContain(TEXT.validation.noNul);
    }
  });

  it('keeps every other character, the rest of Unicode included', () => {
    expect(text().parse('Ünïcødé 😀 \u202e tab\tnewline\n')).toBe('Ünïcødé 😀 \u202e tab\tnewline\n');
    expect(requiredText('Name is required', 100).parse('  Ada  ')).toBe('Ada');
  });

  it('keeps its own message for a missing text', () => {
    expect(messagesOf(requiredText('Name is required', 100).safeParse(undefined))).toEqual(['Name is required']);
  });
});
