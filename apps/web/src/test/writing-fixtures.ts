import {
  AdminArticleSchema,
  ArticleSchema,
  MyArticleSchema,
  type AdminArticle,
  type Article,
  type MyArticle,
} from '@dispatch/shared';

/** An API path as the stubbed server sees it (e-mail addresses arrive percent-encoded). */
export const pathOf = (path: string) => new URL(path, 'http://127.0.0.1').pathname;

export const ARTICLE_ID = '0b8a3f8e-4c1e-4f7a-9d5b-2f1c3e4d5a6b';
const image = (n: number) => `/api/uploads/${String(n).padStart(64, 'c')}.webp`;

export function article(overrides: Partial<Article> = {}): Article {
  return ArticleSchema.parse({
    _id: ARTICLE_ID,
    title: 'Harbour bridge opens to traffic',
    image: image(1),
    imageCaption: null,
    publisher: 'Harbor Herald',
    publisherSlug: 'harbor-herald',
    tags: ['Politics', 'Technology'],
    description: 'The bridge opened at dawn.\n\nCommuters cheered as the first buses crossed.',
    author_name: 'Rosa Reader',
    author_email: 'reader@example.com',
    author_photo: image(2),
    author_slug: 'rosa-reader',
    status: 'approved',
    isPremium: false,
    signedInOnly: false,
    views: 41,
    createdAt: '2025-03-04T10:30:00.000Z',
    publishedAt: '2025-03-05T08:15:00.000Z',
    updatedAt: '2025-03-05T08:15:00.000Z',
    changesNote: null,
    declineReason: null,
    ...overrides,
  });
}

export function myArticle(overrides: Partial<MyArticle> = {}): MyArticle {
  return MyArticleSchema.parse({
    _id: ARTICLE_ID,
    title: 'Harbour bridge opens to traffic',
    status: 'pending',
    isPremium: false,
    reason: null,
    changesNote: null,
    views: 0,
    createdAt: '2025-03-04T10:30:00.000Z',
    ...overrides,
  });
}

export function adminArticle(overrides: Partial<AdminArticle> = {}): AdminArticle {
  const { description: _description, ...rest } = article();
  return AdminArticleSchema.parse({
    ...rest,
    declineReason: null,
    decidedBy: null,
    decidedAt: null,
    hasReviewedVersion: false,
    ...overrides,
  });
}
