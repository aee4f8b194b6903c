import { z } from 'zod';
import { ARTICLE_STATUSES, LIMITS } from './constants.js';
import { TAG_LIMITS } from './tags.js';
import { UserSchema } from './auth-schemas.js';
import { optionalText, requiredText, text } from './fields.js';
import { SLUG_MAX_LENGTH } from './slugs.js';
import { TEXT } from './texts.js';
import { GiftRefusalSchema, MeterSchema } from './revenue.js';

const V = TEXT.validation;

/** Tag names: the server checks each is an active tag, with SPEC's 'Choose from …' (docs/product.md#tags). */
const TagsSchema = z
  .array(text().trim().max(TAG_LIMITS.nameMax), { error: V.tagsRequired })
  .min(1, V.tagsRequired)
  .max(TAG_LIMITS.tagsMax)
  .transform((tags) => [...new Set(tags)]);

/** What a writer sends; everything else about an article belongs to the server. */
export const CreateArticleInputSchema = z.object({
  title: requiredText(V.titleRequired, LIMITS.titleMaxLength),
  image: requiredText(V.imageRequired, 300),
  publisher: requiredText(V.publisherRequired, LIMITS.nameMaxLength),
  tags: TagsSchema,
  description: requiredText(V.descriptionRequired, LIMITS.descriptionMaxLength),
  /** Optional: a blank caption is none. */
  imageCaption: optionalText(LIMITS.captionMaxLength),
});
export type CreateArticleInput = z.input<typeof CreateArticleInputSchema>;

export const UpdateArticleInputSchema = CreateArticleInputSchema.pick({ title: true, description: true, tags: true });
export type UpdateArticleInput = z.input<typeof UpdateArticleInputSchema>;

const ArticleStatus = z.enum(ARTICLE_STATUSES);

/** The whole article, for readers who may read it. */
export const ArticleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  imageCaption: z.string().nullable(),
  publisher: z.string(),
  publisherSlug: z.string(),
  tags: z.array(z.string()),
  description: z.string(),
  author_name: z.string(),
  author_email: z.string(),
  author_photo: z.string(),
  /** The author's page, /authors/{slug}: a published article's byline links there. */
  author_slug: z.string(),
  status: ArticleStatus,
  isPremium: z.boolean(),
  /**
   * An editor kept it for signed-in readers: a visitor without a session signs in first, whoever the site opens free
   * articles to (docs/product.md#who-reads-what).
   */
  signedInOnly: z.boolean(),
  views: z.number().int(),
  /** When it was submitted (SPEC). */
  createdAt: z.string(),
  /** When it first became public (its first approval), never moved; null while never approved. The page's "Posted". */
  publishedAt: z.string().nullable(),
  /** Its last change (an edit, a correction): a page's dateModified. */
  updatedAt: z.string(),
  /** The editor's note while changes are requested; null otherwise (only its author and admins see such an article). */
  changesNote: z.string().nullable(),
  /** Why the article was declined, while it is (only its author and admins see such an article). */
  declineReason: z.string().nullable(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** A premium article for a reader without premium: the excerpt only, never the text. */
export const ArticleTeaserSchema = ArticleSchema.omit({ description: true }).extend({ excerpt: z.string() });
export type ArticleTeaser = z.infer<typeof ArticleTeaserSchema>;

/** What a shared link previews for anyone, signed in or not: an approved article's teaser and its last change. */
export const ArticlePreviewSchema = ArticleTeaserSchema;
export type ArticlePreview = z.infer<typeof ArticlePreviewSchema>;

/**
 * The whole article, or a premium article's teaser. `meter`: this month's free premium reads when the
 * meter opened it (or refused it, spent); `gift`: a gift link opened it until then; `giftRefused`: why the
 * link given did not; `freeReadOffer`: a free read not spent for it, to spend on request
 * (docs/product.md#reader-revenue); `passOffer`: likewise one of a limited pass's premium articles.
 */
export const ArticleDetailSchema = z.discriminatedUnion('access', [
  z.object({
    access: z.literal(true),
    article: ArticleSchema,
    meter: MeterSchema.optional(),
    gift: z.object({ expiresAt: z.string() }).optional(),
  }),
  z.object({
    access: z.literal(false),
    article: ArticleTeaserSchema,
    meter: MeterSchema.optional(),
    giftRefused: GiftRefusalSchema.optional(),
    /** Free reads left this month that this teaser did not spend: the reader may spend one on it. */
    freeReadOffer: z.object({ left: z.number().int().positive() }).optional(),
    /** Premium articles the reader's pass has left, not spent on this teaser: the reader may open it with one. */
    passOffer: z.object({ left: z.number().int().positive() }).optional(),
  }),
]);
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>;

/** An editor keeps one article for signed-in readers, or opens it to whoever the site's setting lets read. */
export const ArticleReadersInputSchema = z.object({ signedInOnly: z.boolean() });
export type ArticleReadersInput = z.infer<typeof ArticleReadersInputSchema>;
export const ArticleReadersSchema = z.object({ signedInOnly: z.boolean() });

/** A writer's own article, in /my-articles. */
export const MyArticleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: ArticleStatus,
  isPremium: z.boolean(),
  reason: z.string().nullable(),
  /** The editor's note while changes are requested. */
  changesNote: z.string().nullable(),
  views: z.number().int(),
  createdAt: z.string(),
});
export type MyArticle = z.infer<typeof MyArticleSchema>;

export const MyArticlePageSchema = z.object({ articles: z.array(MyArticleSchema), total: z.number().int() });
export type MyArticlePage = z.infer<typeof MyArticlePageSchema>;

export const AdminArticleSchema = ArticleSchema.omit({ description: true }).extend({
  declineReason: z.string().nullable(),
  decidedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  /** Changes were requested before: the editor can compare the reviewed version with the current one. */
  hasReviewedVersion: z.boolean(),
});
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

/** How many articles are in each status (for the desk's search, or every article). */
export const StatusCountsSchema = z.record(ArticleStatus, z.number().int());
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const AdminArticlePageSchema = z.object({
  articles: z.array(AdminArticleSchema),
  total: z.number().int(),
  counts: StatusCountsSchema,
});
export type AdminArticlePage = z.infer<typeof AdminArticlePageSchema>;

/** A row of the admin's users table: the account, with where its premium comes from (docs/product.md#plans). */
export const AdminUserSchema = UserSchema.extend({
  /** The current (or last) access: a pass bought, an admin's complimentary grant, or none. */
  accessSource: z.enum(['pass', 'complimentary']).nullable(),
  /** The name of the plan the latest paid pass bought, as it was bought. */
  planName: z.string().nullable(),
  /**
   * The family the account owns (with how many joined, of how many accounts, the owner's included) or belongs to
   * (its owner's name); null for neither (docs/product.md#families).
   */
  family: z
    .discriminatedUnion('role', [
      z.object({ role: z.literal('owner'), members: z.number().int(), seats: z.number().int() }),
      z.object({ role: z.literal('member'), owner: z.string() }),
    ])
    .nullable(),
  /** Their renewing subscription that is not over (docs/product.md#renewing-subscriptions); null for none. */
  subscription: z
    .object({
      status: z.enum(['trialing', 'active', 'past_due']),
      cancelAtPeriodEnd: z.boolean(),
      renewsEvery: z.enum(['month', 'year']),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const UserPageSchema = z.object({ users: z.array(AdminUserSchema), total: z.number().int() });
export type UserPage = z.infer<typeof UserPageSchema>;

const pageQuery = (limit: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(LIMITS.maxPage).default(1),
    limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(limit),
  });
/** A dashboard table's search: letters a title, name or e-mail contains (any case); blank means none. */
const dashboardSearch = optionalText(LIMITS.searchMaxLength);

export const AdminArticlesQuerySchema = pageQuery(LIMITS.pageSize.adminArticles).extend({
  /** One status, or every article (`all`, as when it is left out). */
  status: z
    .union([ArticleStatus, z.literal('all')])
    .optional()
    .transform((status) => (status === 'all' ? undefined : status)),
  /** Finds the title, or the author's name or e-mail. */
  q: dashboardSearch,
});
export const UsersQuerySchema = pageQuery(LIMITS.pageSize.users).extend({
  /** Finds the name or the e-mail. */
  q: dashboardSearch,
});
export const PremiumArticlesQuerySchema = pageQuery(LIMITS.pageSize.premium);
export const MyArticlesQuerySchema = pageQuery(LIMITS.pageSize.myArticles);

export const DeclineInputSchema = z.object({
  reason: text().trim().max(LIMITS.noteMaxLength, `Must be at most ${LIMITS.noteMaxLength} characters`).default(''),
});

/** A publisher page's slug: at most 80 characters, each of which may take a few UTF-16 units. */
export const PublisherSlugParamsSchema = z.object({
  slug: text()
    .min(1)
    .max(SLUG_MAX_LENGTH * 4),
});

export const CreatePublisherInputSchema = z.object({
  name: requiredText(V.nameRequired, LIMITS.nameMaxLength),
  logo: requiredText(V.logoRequired, 300),
});
export type CreatePublisherInput = z.input<typeof CreatePublisherInputSchema>;

/** A publisher as the Add Publisher page lists it: with how many articles (any status) name it. */
export const PublisherCountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  articles: z.number().int(),
});
export type PublisherCount = z.infer<typeof PublisherCountSchema>;

export const ChartsSchema = z.object({
  byPublisher: z.array(z.object({ name: z.string(), count: z.number().int() })),
  byTag: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  byMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type Charts = z.infer<typeof ChartsSchema>;

export const ModifiedResponseSchema = z.object({ modifiedCount: z.number().int() });
export const DeletedResponseSchema = z.object({ deletedCount: z.number().int() });
