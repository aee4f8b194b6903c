import {
  API_MESSAGES,
  ApprovedArticlesQuerySchema,
  ArticleCorrectionsSchema,
  ArticleDetailSchema,
  ArticlePageSchema,
  ArticlePreviewSchema,
  AuthorPageQuerySchema,
  AuthorPageSchema,
  AuthorSlugParamsSchema,
  BriefArchiveQuerySchema,
  BriefArchiveSchema,
  CorrectionPageSchema,
  CorrectionsQuerySchema,
  GiftLinkListSchema,
  IdParamSchema,
  PlanListSchema,
  PlanSchema,
  PremiumArticlesQuerySchema,
  PublicConfigSchema,
  PublisherSchema,
  PublisherSlugParamsSchema,
  RelatedArticlesSchema,
  TagSchema,
  TagSlugParamsSchema,
  TrendingArticleSchema,
  UserStatsSchema,
  type PageReads,
  type ReadQuery,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, Viewer } from '../../app-types.js';
import { assertAccess } from '../../plugins/auth.js';
import { isUnstorableText } from '../../plugins/database-errors.js';
import { AppError, badRequest, parseInput, requireUuid } from '../../plugins/errors.js';
import { articleId, ArticleQuerySchema } from '../articles/article-params.js';
import * as catalogue from '../catalogue/catalogue.service.js';
import { openArticle, openArticleToVisitor } from '../reading/reading.service.js';
import { listArchive } from '../brief/brief-admin.service.js';
import * as corrections from '../corrections/corrections.service.js';
import * as plans from '../plans/plans.service.js';
import * as publishers from '../publishers/publishers.service.js';
import * as tags from '../tags/tags.service.js';
import { getAuthorPage } from '../authors/authors.service.js';
import { listGiftLinks } from '../revenue/revenue.service.js';
import { getPublicConfig } from '../system/public-config.js';
import { getUserStats } from '../users/users.service.js';

const TrendingListSchema = z.array(TrendingArticleSchema);
const PublisherListSchema = z.array(PublisherSchema);
const TagListSchema = z.array(TagSchema);

/** A list's query as its address would carry it: what is empty is left out, and every value is text. */
function asAddressQuery(query: ReadQuery): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') values[key] = String(value);
  }
  return values;
}

export interface PageReadsFor {
  reads: PageReads;
  /** Whether a read failed as the API would have answered 5xx (the database down or too slow). */
  failed(): boolean;
}

/**
 * A page's reads on the server (docs/decisions/050-pages-read-services.md) for `viewer`: the services each API
 * route calls, with its access check, its schema for what the address carries, and its response schema for
 * what leaves, so the page holds exactly what the browser would have fetched. `sameSite`: the page was opened
 * from this site.
 */
export function createPageReads(deps: AppDeps, viewer: Viewer | null, sameSite: boolean): PageReadsFor {
  let failed = false;

  /**
   * The answer through its response schema. A refusal is an AppError, as the API's error handler makes it (text
   * the database refuses is a 400 there too); any other failure is the API's 5xx, and marks the page.
   */
  async function answer<T>(schema: z.ZodType<T>, read: () => unknown): Promise<T> {
    try {
      return schema.parse(await read());
    } catch (error) {
      if (isUnstorableText(error)) throw badRequest(API_MESSAGES.unstorableText);
      if (!(error instanceof AppError) || error.statusCode >= 500) failed = true;
      throw error;
    }
  }
  /** An id in the address, refused as its route refuses it: a malformed text a 400, then not an id a 404. */
  const idOf = (id: string) => parseInput(IdParamSchema, { id }, 'params').id;
  const now = () => deps.clock();

  const reads: PageReads = {
    config: () => answer(PublicConfigSchema, () => getPublicConfig(deps)),
    trendingArticles: () => answer(TrendingListSchema, () => catalogue.getTrendingArticles(deps, viewer)),
    publishers: () => answer(PublisherListSchema, () => publishers.getPublishers(deps)),
    publisher: (slug) =>
      answer(PublisherSchema, () =>
        publishers.getPublisherBySlug(deps, parseInput(PublisherSlugParamsSchema, { slug }, 'params').slug),
      ),
    author: (slug, query) =>
      answer(AuthorPageSchema, () =>
        getAuthorPage(
          deps,
          viewer,
          parseInput(AuthorSlugParamsSchema, { slug }, 'params').slug,
          parseInput(AuthorPageQuerySchema, asAddressQuery(query), 'querystring'),
        ),
      ),
    tags: () => answer(TagListSchema, () => tags.getActiveTags(deps)),
    tag: (slug) =>
      answer(TagSchema, () => tags.getTagBySlug(deps, parseInput(TagSlugParamsSchema, { slug }, 'params').slug)),
    userStats: () => answer(UserStatsSchema, () => getUserStats(deps)),
    plans: async () => (await answer(PlanListSchema, () => plans.getListedPlans(deps))).plans,
    plan: (id) => answer(PlanSchema, () => plans.getPlanForSale(deps, idOf(id))),
    approvedArticles: (query) =>
      answer(ArticlePageSchema, () =>
        catalogue.getApprovedArticles(
          deps,
          viewer,
          parseInput(ApprovedArticlesQuerySchema, asAddressQuery(query), 'querystring'),
        ),
      ),
    premiumArticles: (query) =>
      answer(ArticlePageSchema, () => {
        assertAccess(viewer, 'premium-list', now());
        const page = parseInput(PremiumArticlesQuerySchema, asAddressQuery(query), 'querystring');
        return catalogue.getPremiumArticles(deps, viewer, page);
      }),
    articlePreview: (id) =>
      answer(ArticlePreviewSchema, () =>
        catalogue.getArticlePreview(deps, requireUuid(idOf(id), 'That article'), viewer),
      ),
    article: (id, gift) =>
      answer(ArticleDetailSchema, () => {
        // A visitor without a session: what the site's setting lets them read, refused as the API refuses it.
        if (!viewer) return openArticleToVisitor(deps, articleId(idOf(id)));
        assertAccess(viewer, 'reader', now());
        const query = parseInput(ArticleQuerySchema, asAddressQuery({ gift }), 'querystring');
        return openArticle(deps, viewer, articleId(idOf(id)), query.gift, { sameSite });
      }),
    articleCorrections: (id) =>
      answer(ArticleCorrectionsSchema, () => corrections.getArticleCorrections(deps, viewer, articleId(idOf(id)))),
    relatedArticles: (id) =>
      answer(RelatedArticlesSchema, () =>
        catalogue.getRelatedArticles(deps, viewer, requireUuid(idOf(id), 'That article')),
      ),
    giftLinks: (id) =>
      answer(GiftLinkListSchema, () => {
        assertAccess(viewer, 'signed-in', now());
        return listGiftLinks(deps, viewer, articleId(idOf(id)));
      }),
    correctionPage: (query) =>
      answer(CorrectionPageSchema, () =>
        corrections.getCorrectionPage(
          deps,
          viewer,
          parseInput(CorrectionsQuerySchema, asAddressQuery(query), 'querystring'),
        ),
      ),
    briefArchive: (query) =>
      answer(BriefArchiveSchema, () =>
        listArchive(deps, viewer, parseInput(BriefArchiveQuerySchema, asAddressQuery(query), 'querystring').page),
      ),
  };
  return { reads, failed: () => failed };
}
