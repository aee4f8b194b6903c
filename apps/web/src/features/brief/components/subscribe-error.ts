import { BRIEF_MESSAGES } from '@dispatch/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';

/** A failed subscribe as a person reads it: messages under the fields they name, else one line for the form. */
export function subscribeProblem(error: unknown): { fields: Record<string, string | undefined>; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: errorMessage(error) };
  // The site sends no mail: the brief cannot work, whatever was typed.
  if (error.status === 409) return { fields: {}, form: BRIEF_MESSAGES.mailOff };
  if (error.status === 429) return { fields: {}, form: error.message || BRIEF_MESSAGES.tooManyRequests };
  const fields = Object.fromEntries(
    Object.entries(error.fieldErrors ?? {}).map(([field, messages]) => [field, messages[0]]),
  );
  const shown = ['email', 'hour', 'timeZone'];
  const elsewhere = Object.entries(fields).find(([field]) => !shown.includes(field))?.[1];
  const form = elsewhere ?? (Object.keys(fields).length === 0 ? error.message : null);
  return { fields, form };
}
