import type { FeedArticle } from '../articles/articles.mapper.js';
import { element, xmlDocument } from './xml.js';

/** What a feed is about, with its links already absolute. */
export interface FeedChannel {
  title: string;
  description: string;
  /** The site page listing the same articles. */
  pageUrl: string;
  selfUrl: string;
  /** Builds an article's absolute page URL and an image's absolute URL. */
  articleUrl(id: string): string;
  absolute(url: string): string;
  /** When the feed is empty, what its date is. */
  now: Date;
}

const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
};

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

function imageType(url: string): string | undefined {
  const extension = /\.(\w+)$/.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return extension ? IMAGE_TYPES[extension] : undefined;
}

/** Dated by its newest change, so an unchanged feed keeps its ETag. */
function lastChange(articles: FeedArticle[], now: Date): Date {
  if (articles.length === 0) return now;
  return new Date(Math.max(...articles.map((article) => article.updatedAt.getTime())));
}

const articleUrn = (id: string) => `urn:uuid:${id}`;

export function rssFeed(channel: FeedChannel, articles: FeedArticle[]): string {
  const items = articles.map((article) => {
    const image = channel.absolute(article.image);
    return element(
      'item',
      null,
      element('title', null, article.title),
      element('link', null, channel.articleUrl(article.id)),
      element('guid', { isPermaLink: 'false' }, articleUrn(article.id)),
      element('description', null, article.summary),
      element('pubDate', null, article.publishedAt.toUTCString()),
      element('dc:creator', null, article.authorName),
      element('dc:publisher', null, article.publisher),
      article.tags.map((tag) => element('category', null, tag)),
      element('media:content', { url: image, medium: 'image', type: imageType(image) }),
    );
  });
  return xmlDocument(
    element(
      'rss',
      { version: '2.0', 'xmlns:atom': NS.atom, 'xmlns:dc': NS.dc, 'xmlns:media': NS.media },
      element(
        'channel',
        null,
        element('title', null, channel.title),
        element('link', null, channel.pageUrl),
        element('description', null, channel.description),
        element('language', null, 'en'),
        element('lastBuildDate', null, lastChange(articles, channel.now).toUTCString()),
        element('atom:link', { href: channel.selfUrl, rel: 'self', type: 'application/rss+xml' }),
        items,
      ),
    ),
  );
}

export function atomFeed(channel: FeedChannel, articles: FeedArticle[]): string {
  const entries = articles.map((article) => {
    const image = channel.absolute(article.image);
    return element(
      'entry',
      null,
      element('id', null, articleUrn(article.id)),
      element('title', { type: 'text' }, article.title),
      element('link', { rel: 'alternate', type: 'text/html', href: channel.articleUrl(article.id) }),
      element('link', { rel: 'enclosure', type: imageType(image), href: image }),
      element('published', null, article.publishedAt.toISOString()),
      element('updated', null, article.updatedAt.toISOString()),
      element(
        'author',
        null,
        element('name', null, article.authorName),
        element('uri', null, channel.absolute(`/authors/${encodeURIComponent(article.authorSlug)}`)),
      ),
      element('dc:publisher', null, article.publisher),
      element('summary', { type: 'text' }, article.summary),
      article.tags.map((tag) => element('category', { term: tag })),
    );
  });
  return xmlDocument(
    element(
      'feed',
      { xmlns: NS.atom, 'xmlns:dc': NS.dc },
      element('id', null, channel.selfUrl),
      element('title', { type: 'text' }, channel.title),
      element('subtitle', { type: 'text' }, channel.description),
      element('link', { rel: 'self', type: 'application/atom+xml', href: channel.selfUrl }),
      element('link', { rel: 'alternate', type: 'text/html', href: channel.pageUrl }),
      element('updated', null, lastChange(articles, channel.now).toISOString()),
      entries,
    ),
  );
}
