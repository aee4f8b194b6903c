import { z } from 'zod';
import { text } from './fields.js';

/**
 * The Overview's panel for editors (docs/product.md#overview-charts): what waits and since when, what went public
 * today, and what was read in the last 24 hours.
 */

/** How far a day's start may lie from the server's clock: a day began less than 24 hours ago, give or take a clock. */
export const DESK_SUMMARY_DAY_START_SLACK_MS = 5 * 60 * 1000;

export const DESK_SUMMARY_MESSAGES = {
  dayStart: 'The start of the day must be a moment in the last 24 hours.',
} as const;

export const DeskSummaryQuerySchema = z.object({
  /** The start of the editor's day (their midnight, as an ISO moment); UTC's midnight when left out. */
  dayStart: text()
    .pipe(z.iso.datetime({ offset: true, error: DESK_SUMMARY_MESSAGES.dayStart }))
    .optional(),
});
export type DeskSummaryQuery = z.infer<typeof DeskSummaryQuerySchema>;

export const DeskSummarySchema = z.object({
  /** Articles waiting for a decision. */
  pending: z.number().int(),
  /** When the longest-waiting one entered review (ISO); null with none waiting. */
  oldestPendingSince: z.string().nullable(),
  /** Articles first made public since `dayStart` and public still. */
  publishedToday: z.number().int(),
  dayStart: z.string(),
  /** Views counted by the hour (each reader's first view of an article in a UTC day) since `viewsSince`. */
  viewsLast24Hours: z.number().int(),
  /** The first of the 24 hours counted: the current hour and the 23 before it. */
  viewsSince: z.string(),
  /** The server's time of the answer, which the waits are measured against. */
  asOf: z.string(),
});
export type DeskSummary = z.infer<typeof DeskSummarySchema>;
