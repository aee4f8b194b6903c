import { z } from 'zod';
import { TEXT } from './texts.js';

const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * Every text a request carries, in a body, a query or a path: PostgreSQL cannot store U+0000 in text and no person
 * types it, so it is refused here with a 400 rather than by the database (docs/decisions/017-untrusted-input.md).
 */
export const text = (message?: string) => z.string({ error: message }).refine(hasNoNul, TEXT.validation.noNul);

/** A trimmed text a person must fill in: `message` when it is missing or blank. */
export const requiredText = (message: string, max: number) =>
  text(message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An optional text that is trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  text()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => value.trim())
    .optional();
