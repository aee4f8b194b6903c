import { z } from 'zod';
import { LIMITS } from './constants.js';
import { requiredText, text } from './fields.js';
import { TEXT } from './texts.js';

/** What an editor sends with 'Request changes': the note is required, the writer reads it. */
export const RequestChangesInputSchema = z.object({
  note: requiredText(TEXT.validation.noteRequired, LIMITS.noteMaxLength),
});
export type RequestChangesInput = z.input<typeof RequestChangesInputSchema>;

/** One saved version of an article's title, description and tags. */
export const RevisionSchema = z.object({
  _id: z.string(),
  /** 1 for the version submitted, then one more per save. */
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  author_name: z.string().nullable(),
  createdAt: z.string(),
});
export type Revision = z.infer<typeof RevisionSchema>;

/** Newest first; the first is the article's current text. */
export const RevisionListSchema = z.object({ revisions: z.array(RevisionSchema) });
export type RevisionList = z.infer<typeof RevisionListSchema>;

/** What an editor compares when a resubmitted article comes back: the version they reviewed and the current one. */
export const ArticleReviewSchema = z.object({
  /** null when changes were never requested. */
  reviewed: RevisionSchema.nullable(),
  current: RevisionSchema,
  /** The note sent with the last 'Request changes'. */
  note: z.string().nullable(),
});
export type ArticleReview = z.infer<typeof ArticleReviewSchema>;

export const RevisionParamsSchema = z.object({ id: text(), revisionId: text() });

/** Every action the moderation record keeps about articles, in the History view's order: an article's timeline. */
export const ARTICLE_HISTORY_ACTIONS = [
  'request-changes',
  'resubmit',
  'approve',
  'decline',
  'premium',
  'correct',
  'restore',
  'readers',
  'delete',
] as const;
export type ArticleHistoryAction = (typeof ARTICLE_HISTORY_ACTIONS)[number];

/** The changes History shows that name no article: the site settings' (docs/product.md#site-settings) and the tags' (docs/product.md#tags). */
export const SITE_HISTORY_ACTIONS = ['settings-update', 'tag-create', 'tag-update', 'tag-merge'] as const;

/** The History view's actions: those about articles, then the changes that name none. */
export const HISTORY_ACTIONS = [...ARTICLE_HISTORY_ACTIONS, ...SITE_HISTORY_ACTIONS] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const HistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.maxPage).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize.history),
  /** The id of the person who acted. */
  actor: text().trim().max(64).optional(),
  action: z.enum(HISTORY_ACTIONS).optional(),
  /** The article's id. */
  article: text().trim().max(64).optional(),
});

const Person = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** One entry of the History view (admins): who, what, when, the note, and the article if it still exists. */
export const HistoryEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  note: z.string().nullable(),
  at: z.string(),
  actor: Person.nullable(),
  /** Null for an entry about no article (a change to the site settings). */
  article: z.object({ _id: z.string(), title: z.string().nullable() }).nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageSchema = z.object({
  entries: z.array(HistoryEntrySchema),
  total: z.number().int(),
  /** Everyone who appears in the record, for the 'By' filter. */
  actors: z.array(Person),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/**
 * One article's timeline. Admins get who acted; its writer gets the actions and notes only, with `byAuthor`
 * marking their own (docs/decisions/022-editorial-workflow-and-revisions.md).
 */
export const TimelineEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(ARTICLE_HISTORY_ACTIONS),
  note: z.string().nullable(),
  at: z.string(),
  byAuthor: z.boolean(),
  actor: z.object({ name: z.string() }).nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;
export const TimelineSchema = z.object({ entries: z.array(TimelineEntrySchema) });
export type Timeline = z.infer<typeof TimelineSchema>;
