import {
  ArticleCorrectionsSchema,
  ArticleDetailSchema,
  ArticlePageSchema,
  ArticlePreviewSchema,
  AuthorPageSchema,
  ErrorResponseSchema,
  GiftLinkListSchema,
  NoticeListSchema,
  PlanListSchema,
  PlanSchema,
  PublicConfigSchema,
  PublisherSchema,
  RelatedArticlesSchema,
  TagSchema,
  SessionResponseSchema,
  TrendingArticleSchema,
  UploadResponseSchema,
  UserStatsSchema,
} from '@dispatch/shared';
import { z } from 'zod';

/**
 * The schemas that check the answers the first page of a visit asks for (configuration, session,
 * errors, the home page's sections, and the reading pages a visit from a search or a shared link starts
 * on: the lists, an article with its corrections, related articles and gift links, a publisher; the bell's list; the plans on sale). The role, views and unread answers have
 * their own, smaller set (live-response-schemas.ts). Only ever loaded
 * through `lazySchema` (api-client.ts), with import(): zod then arrives beside the first request that
 * needs it, and a page whose data came with its HTML loads no zod at all to show and hydrate it
 * (docs/decisions/011-page-weight-and-audits.md).
 */
export const firstLoadSchemas = {
  error: ErrorResponseSchema,
  config: PublicConfigSchema,
  session: SessionResponseSchema,
  trending: TrendingArticleSchema.array(),
  publishers: PublisherSchema.array(),
  userStats: UserStatsSchema,
  upload: UploadResponseSchema,
  articlePage: ArticlePageSchema,
  article: ArticleDetailSchema,
  articlePreview: ArticlePreviewSchema,
  related: RelatedArticlesSchema,
  articleCorrections: ArticleCorrectionsSchema,
  publisher: PublisherSchema,
  author: AuthorPageSchema,
  tags: TagSchema.array(),
  tag: TagSchema,
  giftLinks: GiftLinkListSchema,
  noticeList: NoticeListSchema,
  plans: PlanListSchema,
  plan: PlanSchema,
  noContent: z.undefined(),
};
