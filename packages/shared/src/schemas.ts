import { z } from 'zod';
import { ARTICLE_STATUSES, LIMITS, ROLES } from './constants.js';
import { TAG_LIMITS } from './tags.js';
import { FREE_ARTICLE_READERS, REGISTRATION_PHOTO } from './site-settings.js';
import { optionalText, text } from './fields.js';
import { SLUG_MAX_LENGTH } from './slugs.js';

/** Every non-2xx answer of the API. */
export const ErrorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const ERROR_CODES = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  cardDeclined: 'CARD_DECLINED',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const IdParamSchema = z.object({ id: text() });

export const ArticleStatusSchema = z.enum(ARTICLE_STATUSES);
export const RoleSchema = z.enum(ROLES);

export const PublisherSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its page's address, /publishers/{slug}: from the name, fixed when the publisher was added. */
  slug: z.string(),
  logo: z.string(),
  createdAt: z.string(),
});
export type Publisher = z.infer<typeof PublisherSchema>;

/** What a card shows: never the whole text (docs/architecture/server.md#articles). */
export const ArticleCardSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  publisher: z.string(),
  publisherSlug: z.string(),
  tags: z.array(z.string()),
  excerpt: z.string(),
  isPremium: z.boolean(),
  views: z.number().int(),
  createdAt: z.string(),
  /** When it was first published (approved): the date a card shows (docs/product.md#published-time). */
  publishedAt: z.string().nullable(),
  /** A search's best fragment of the text (of the excerpt for premium), split at the matched words. */
  highlight: z.array(z.object({ text: z.string(), match: z.boolean() })).optional(),
});
export type ArticleCard = z.infer<typeof ArticleCardSchema>;

export const ArticlePageSchema = z.object({
  articles: z.array(ArticleCardSchema),
  total: z.number().int(),
  /** Present when a search stopped counting at `LIMITS.searchCountCap`: `total` is "at least". */
  totalCapped: z.literal(true).optional(),
});
export type ArticlePage = z.infer<typeof ArticlePageSchema>;

/** A few approved cards beside an article: the newest of a publisher, or of a tag. */
const RelatedListSchema = z.object({ name: z.string(), articles: z.array(ArticleCardSchema) });

/** The end of an article page: more from its publisher, then more on its first tag (none shown twice). */
export const RelatedArticlesSchema = z.object({
  publisher: RelatedListSchema,
  /** Null for an article without tags. */
  tag: RelatedListSchema.nullable(),
});
export type RelatedArticles = z.infer<typeof RelatedArticlesSchema>;

export const TrendingArticleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  publisher: z.string(),
});
export type TrendingArticle = z.infer<typeof TrendingArticleSchema>;

const pageParam = z.coerce.number().int().min(1).max(LIMITS.maxPage).default(1);
const limitParam = (fallback: number) => z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(fallback);
export const ApprovedArticlesQuerySchema = z.object({
  search: optionalText(LIMITS.searchMaxLength),
  publisher: optionalText(LIMITS.nameMaxLength),
  /** A tag's name, active or archived (the server checks it names one); empty: every tag. */
  tag: optionalText(TAG_LIMITS.nameMax),
  page: pageParam,
  limit: limitParam(LIMITS.pageSize.approved),
});
export type ApprovedArticlesQuery = z.input<typeof ApprovedArticlesQuerySchema>;

/** The feeds' filters (`/rss.xml`, `/feed.atom`): a tag the site has not is a 400 (checked on the server), not an empty feed. */
export const FeedQuerySchema = z.object({
  tag: optionalText(TAG_LIMITS.nameMax),
  publisher: optionalText(LIMITS.nameMaxLength),
  /** An author page's slug: that author's feed (docs/product.md#author-pages). */
  author: optionalText(SLUG_MAX_LENGTH * 4),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

export const UserStatsSchema = z.object({
  totalUsers: z.number().int(),
  normalUsers: z.number().int(),
  premiumUsers: z.number().int(),
});
export type UserStats = z.infer<typeof UserStatsSchema>;

export const PublicConfigSchema = z.object({
  siteName: z.string(),
  /** The address readers use: canonical URLs and link previews are absolute from it. */
  publicUrl: z.string(),
  supportEmail: z.string(),
  currency: z.string(),
  payments: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  googleSignIn: z.boolean(),
  social: z.object({
    facebook: z.string(),
    x: z.string(),
    instagram: z.string(),
    linkedin: z.string(),
  }),
  /** The publisher's rules readers and writers meet (packages/shared/src/site-settings.ts). */
  postalAddress: z.string(),
  freeArticleReaders: z.enum(FREE_ARTICLE_READERS),
  bylineShowsEmail: z.boolean(),
  registrationPhoto: z.enum(REGISTRATION_PHOTO),
  writerArticleLimit: z.number(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** `degraded`: the site works, but Redis is unreachable (limits count per instance, caches keep answers briefly). */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  redis: z.literal('unreachable').optional(),
});
