import type { ArticleDetail, ArticlePreview } from './article-schemas.js';
import type { AuthorPage } from './authors.js';
import type { BriefArchive } from './brief.js';
import type { ArticleCorrections, CorrectionPage } from './correction-schemas.js';
import type { Plan } from './plans.js';
import type { GiftLinkList } from './revenue.js';
import type { Tag } from './tags.js';
import type { ArticlePage, PublicConfig, Publisher, RelatedArticles, TrendingArticle, UserStats } from './schemas.js';

/** A list's query as the API takes it in its address; the server reads it with the API's own schema. */
export type ReadQuery = Record<string, string | number | undefined | null>;

/**
 * What a page rendered on the server reads, for the viewer it is rendered for: the API's answers, from the
 * services the API calls, without a request back into the server (docs/decisions/050-pages-read-services.md).
 * Each answers exactly what its API route answers and checks the same access; an answer the API gives as a
 * 4xx rejects with that error's status, code and message.
 */
export interface PageReads {
  config(): Promise<PublicConfig>;
  trendingArticles(): Promise<TrendingArticle[]>;
  publishers(): Promise<Publisher[]>;
  publisher(slug: string): Promise<Publisher>;
  /** The tags offered, as `GET /api/tags` lists them. */
  tags(): Promise<Tag[]>;
  /** The tag a /tags/{slug} address names (`GET /api/tags/:slug`). */
  tag(slug: string): Promise<Tag>;
  /** An author's page, as `GET /api/authors/{slug}` answers it. */
  author(slug: string, query: ReadQuery): Promise<AuthorPage>;
  userStats(): Promise<UserStats>;
  /** The plans on sale, as `GET /api/plans` lists them. */
  plans(): Promise<Plan[]>;
  plan(id: string): Promise<Plan>;
  approvedArticles(query: ReadQuery): Promise<ArticlePage>;
  premiumArticles(query: ReadQuery): Promise<ArticlePage>;
  articlePreview(id: string): Promise<ArticlePreview>;
  /** Opening it as its page does: a free read or a pass's article spent as decision 040 says. */
  article(id: string, gift: string | undefined): Promise<ArticleDetail>;
  articleCorrections(id: string): Promise<ArticleCorrections>;
  relatedArticles(id: string): Promise<RelatedArticles>;
  giftLinks(articleId: string): Promise<GiftLinkList>;
  correctionPage(query: ReadQuery): Promise<CorrectionPage>;
  briefArchive(query: ReadQuery): Promise<BriefArchive>;
}
