import {
  excerpt,
  LIMITS,
  preview,
  type AdminArticle,
  type Article,
  type ArticleCard,
  type ArticleStatus,
  type ArticleTeaser,
  type MyArticle,
  type TrendingArticle,
} from '@dispatch/shared';
// Imports flow one way, mapper → repository: the repository says what its rows hold.
import type { ArticleCardRow, FeedArticleRow, FullArticleRow } from './articles.repository.js';

export function toArticleCard(row: ArticleCardRow): ArticleCard {
  return {
    _id: row.id,
    title: row.title,
    image: row.image,
    publisher: row.publisher,
    publisherSlug: row.publisherSlug,
    tags: row.tags,
    excerpt: row.excerpt,
    isPremium: row.isPremium,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

export function toSearchCard(row: ArticleCardRow, highlight: ArticleCard['highlight']): ArticleCard {
  return { ...toArticleCard(row), ...(highlight && { highlight }) };
}

export function toTrendingArticle(row: Pick<ArticleCardRow, 'id' | 'title' | 'image' | 'publisher'>): TrendingArticle {
  return { _id: row.id, title: row.title, image: row.image, publisher: row.publisher };
}

export function toArticle(row: FullArticleRow): Article {
  return {
    _id: row.id,
    title: row.title,
    image: row.image,
    imageCaption: row.imageCaption,
    publisher: row.publisher,
    publisherSlug: row.publisherSlug,
    tags: row.tags,
    description: row.description,
    author_name: row.authorName,
    author_email: row.authorEmail,
    author_photo: row.authorPhoto,
    author_slug: row.authorSlug,
    status: row.status,
    isPremium: row.isPremium,
    signedInOnly: row.signedInOnly,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    changesNote: changesNoteOf(row),
    declineReason: row.status === 'declined' ? row.declineReason : null,
  };
}

/** The editor's note matters only while changes are requested; an older one is history (in the timeline). */
const changesNoteOf = (row: { status: ArticleStatus; changesNote: string | null }) =>
  row.status === 'changes_requested' ? row.changesNote : null;

/** What a reader without access gets: everything a card shows, and only the excerpt of the text. */
export function toArticleTeaser(row: FullArticleRow): ArticleTeaser {
  const { description, ...rest } = toArticle(row);
  return { ...rest, excerpt: excerpt(description) };
}

export function toMyArticle(row: {
  id: string;
  title: string;
  status: ArticleStatus;
  isPremium: boolean;
  declineReason: string | null;
  changesNote: string | null;
  views: number;
  createdAt: Date;
}): MyArticle {
  return {
    _id: row.id,
    title: row.title,
    status: row.status,
    isPremium: row.isPremium,
    reason: row.declineReason,
    changesNote: changesNoteOf(row),
    views: row.views,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminArticle(
  row: FullArticleRow & {
    decidedAt: Date | null;
    deciderName: string | null;
    deciderEmail: string | null;
    reviewedRevisionId: string | null;
  },
): AdminArticle {
  const { description: _description, ...rest } = toArticle(row);
  return {
    ...rest,
    declineReason: row.declineReason,
    decidedBy: row.deciderName && row.deciderEmail ? { name: row.deciderName, email: row.deciderEmail } : null,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    hasReviewedVersion: row.reviewedRevisionId !== null,
  };
}

/** An article as feeds carry it: what its public preview shows, never its text. */
export interface FeedArticle {
  id: string;
  title: string;
  image: string;
  publisher: string;
  tags: string[];
  summary: string;
  authorName: string;
  authorSlug: string;
  isPremium: boolean;
  publishedAt: Date;
  updatedAt: Date;
}

export function toFeedArticle(row: FeedArticleRow): FeedArticle {
  const cut = Array.from(row.excerpt).length > LIMITS.excerptLength;
  // Approved rows always have it (migration 0033); the submission time only for a row written around the desk.
  const publishedAt = row.publishedAt ?? row.createdAt;
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    publisher: row.publisher,
    tags: row.tags,
    summary: cut ? preview(row.excerpt) : row.excerpt,
    authorName: row.authorName,
    authorSlug: row.authorSlug,
    isPremium: row.isPremium,
    publishedAt,
    // Approval sets publishedAt and leaves updatedAt, so an article approved after its last edit was last
    // changed (for a reader) when it was published: Atom's <updated> is never before its <published>.
    updatedAt: new Date(Math.max(row.updatedAt.getTime(), publishedAt.getTime())),
  };
}
