import { z } from 'zod';
import { excerpt } from './access.js';
import { LIMITS } from './constants.js';
import { requiredText, text } from './fields.js';
import { TEXT } from './texts.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an editor sends to publish a correction: the revision that fixed the text, and the public note. */
export const PublishCorrectionInputSchema = z.object({
  revisionId: text(TEXT.validation.revisionRequired).trim().regex(UUID, TEXT.validation.revisionRequired),
  note: requiredText(TEXT.validation.correctionRequired, LIMITS.correctionMaxLength),
});
export type PublishCorrectionInput = z.input<typeof PublishCorrectionInputSchema>;

/**
 * One published correction, as anyone may read it: the note, when, and which revision fixed the text (its
 * number, never its text: a revision holds the whole article, premium text included).
 */
export const CorrectionSchema = z.object({
  _id: z.string(),
  note: z.string(),
  createdAt: z.string(),
  revision: z.object({ _id: z.string(), number: z.number().int() }),
});
export type Correction = z.infer<typeof CorrectionSchema>;

/** An article's corrections, newest first. */
export const ArticleCorrectionsSchema = z.object({ corrections: z.array(CorrectionSchema) });
export type ArticleCorrections = z.infer<typeof ArticleCorrectionsSchema>;

/** A correction on the site-wide list, with the article it corrects. */
export const CorrectionListEntrySchema = CorrectionSchema.extend({
  article: z.object({ _id: z.string(), title: z.string() }),
});
export type CorrectionListEntry = z.infer<typeof CorrectionListEntrySchema>;

export const CorrectionPageSchema = z.object({
  corrections: z.array(CorrectionListEntrySchema),
  total: z.number().int(),
});
export type CorrectionPage = z.infer<typeof CorrectionPageSchema>;

export const CorrectionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.maxPage).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize.corrections),
});

/** Six words in the same order are a quote of the text, not a shared turn of phrase. */
const QUOTE_WORDS = 6;

const wordsOf = (value: string) => value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function runsOf(value: string): Set<string> {
  const words = wordsOf(value);
  const runs = new Set<string>();
  for (let start = 0; start + QUOTE_WORDS <= words.length; start += 1) {
    runs.add(words.slice(start, start + QUOTE_WORDS).join(' '));
  }
  return runs;
}

/**
 * Whether a note repeats a passage of a premium text that its public excerpt does not show: a correction is
 * public, so on a premium article it may quote the opening lines anyone sees, never what only subscribers
 * read. `texts` are every version of the text (the wrong one a note would quote is an earlier revision).
 */
export function quotesPremiumText(note: string, texts: readonly string[]): boolean {
  const quoted = runsOf(note);
  if (quoted.size === 0) return false;
  return texts.some((body) => {
    const visible = runsOf(excerpt(body));
    for (const run of runsOf(body)) if (quoted.has(run) && !visible.has(run)) return true;
    return false;
  });
}
