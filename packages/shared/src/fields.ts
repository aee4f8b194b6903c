import { z } from 'zod';
import { TEXT } from './texts.js';

const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * Every text a request carries, in a body, a query or a path: PostgreSQL cannot store U+0000 in text and no person
 * types it, so it is refused here with a 400 rather than by the database (docs/decisions/017-untrusted-input.md).
 */
export const text = (message?: string) => z.string({ error: message }).refine(hasNoNul, TEXT.validation.noNul);

/**
 * Line breaks and other control characters (C0, DEL, C1), the line and paragraph separators, and the
 * bidirectional embeddings, overrides and isolates: nothing a person's name holds, and the tools of a forged
 * e-mail subject or a reversed name. Joiners (U+200C, U+200D) stay: scripts and emoji need them.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
/** A name from elsewhere (an identity provider), each run of control characters and spaces one space. */
export const withoutControlCharacters = (value: string) =>
  value.replace(new RegExp(`(?:${CONTROL_CHARACTERS.source}|\\s)+`, 'gu'), ' ').trim();

/** A trimmed text a person must fill in: `message` when it is missing or blank. */
export const requiredText = (message: string, max: number) =>
  text(message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An optional text that is trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  text()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => value.trim())
    .optional();
