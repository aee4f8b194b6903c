import { z } from 'zod';

/** A trimmed text a person must fill in: `message` when it is missing or blank. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
