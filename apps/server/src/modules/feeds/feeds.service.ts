import { FEED_MESSAGES, type FeedQuery } from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';
import { badRequest } from '../../plugins/errors.js';
import { toPublicDocument, type PublicDocument } from '../../plugins/public-document.js';
import { normalisedKey } from '../../plugins/response-cache.js';
import {
  getLatestForFeed,
  getPublishedAuthorSlugs,
  getPublishedSince,
  getSitemapPage,
  getSitemapPageStarts,
} from '../catalogue/catalogue.service.js';
import { getLatestCorrections } from '../corrections/corrections.service.js';
import { getPublishers } from '../publishers/publishers.service.js';
import { findPublishedAuthor } from '../authors/authors.service.js';
import { getAllTags, resolveTagFilter } from '../tags/tags.service.js';
import { correctionsAtom, correctionsRss } from './corrections-feed.js';
import { atomFeed, rssFeed, type FeedChannel } from './feed-documents.js';
import { robotsTxt } from './robots.js';
import { newsSitemap, sitemapIndex, urlSet } from './sitemap-documents.js';
import { getSiteSettings } from '../settings/settings.service.js';

type Deps = Pick<AppDeps, 'db' | 'cache' | 'clock' | 'config'>;

export const FEED_SIZE = 50;
/** Well under the protocol's 50,000 URLs and 50 MB, so a page renders and downloads quickly. */
export const SITEMAP_PAGE_SIZE = 10_000;
const NEWS_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Google News reads at most this many URLs from one news sitemap. */
const NEWS_MAX = 1000;
/**
 * Documents are cached with the catalogue: every write that changes what readers see drops them on
 * every instance; the time limit only moves the news sitemap's 48-hour window along.
 */
const DOCUMENT_TTL_MS = 60_000;

/** The public pages anyone may open; signed-in pages are left out of sitemaps (and disallowed in robots.txt). */
const PUBLIC_PAGES = ['/', '/articles', '/corrections', '/login', '/register'];

/** Where the corrections feeds are, beside the page that lists the same corrections. */
export const CORRECTIONS_FEEDS = { rss: '/corrections/rss.xml', atom: '/corrections/feed.atom' } as const;

function siteUrls(publicUrl: string) {
  return {
    page: (path: string) => `${publicUrl}${path}`,
    article: (id: string) => `${publicUrl}/articles/${id}`,
    absolute: (url: string) => new URL(url, `${publicUrl}/`).toString(),
  };
}

/** A feed's filters, checked; an author's feed names the author (by slug and id) and is about their name. */
interface FeedFilter {
  tag?: string;
  publisher?: string;
  author?: string;
  authorId?: string;
  authorName?: string;
}

/**
 * The filters as given, checked: a tag must be one of the site's (archived ones too), a publisher one of the listed
 * ones (named in any letter case), an author one with an author page (then a publisher is not asked for).
 */
async function resolveFilter(deps: Deps, query: FeedQuery): Promise<FeedFilter> {
  const tag = await resolveTagFilter(deps, query.tag);
  if (query.author) return { tag, ...(await resolveAuthor(deps, query.author)) };
  if (!query.publisher) return { tag };
  const wanted = query.publisher.toLowerCase();
  const publisher = (await getPublishers(deps)).find((candidate) => candidate.name.toLowerCase() === wanted);
  if (!publisher) throw badRequest(FEED_MESSAGES.unknownPublisher, { publisher: [FEED_MESSAGES.unknownPublisher] });
  return { tag, publisher: publisher.name };
}

/** An author's feed: one who has an author page (approved articles), by its slug. */
async function resolveAuthor(deps: Deps, slug: string) {
  const author = await findPublishedAuthor(deps, slug);
  if (!author) throw badRequest(FEED_MESSAGES.unknownAuthor, { author: [FEED_MESSAGES.unknownAuthor] });
  return { author: author.slug, authorId: author.id, authorName: author.name };
}

function querySuffix(filter: FeedFilter): string {
  const params = new URLSearchParams();
  if (filter.tag) params.set('tag', filter.tag);
  if (filter.publisher) params.set('publisher', filter.publisher);
  if (filter.author) params.set('author', filter.author);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A feed asked for by a renamed or merged tag's former name: the address of the same feed under the tag's current
 * name (answered with a 301, so a subscribed feed reader follows the rename). Else undefined.
 */
export async function movedFeed(deps: Deps, format: 'rss' | 'atom', query: FeedQuery): Promise<string | undefined> {
  const tag = await resolveTagFilter(deps, query.tag);
  if (!query.tag || tag === query.tag) return undefined;
  const path = format === 'rss' ? '/rss.xml' : '/feed.atom';
  return `${path}${querySuffix({ tag, publisher: query.publisher, author: query.author })}`;
}

export async function getFeed(deps: Deps, format: 'rss' | 'atom', query: FeedQuery): Promise<PublicDocument> {
  const filter = await resolveFilter(deps, query);
  const key = `feed:${normalisedKey({ format, ...filter })}`;
  return deps.cache.remember('catalogue', key, DOCUMENT_TTL_MS, async () => {
    const now = deps.clock();
    const urls = siteUrls(deps.config.publicUrl);
    // The site settings' name: a change marks the catalogue's documents stale.
    const siteName = (await getSiteSettings(deps)).siteName;
    const about = [filter.tag, filter.publisher, filter.authorName].filter(Boolean).join(' · ');
    const channel: FeedChannel = {
      title: about ? `${siteName}: ${about}` : siteName,
      description: `The latest articles from ${siteName}${about ? ` (${about})` : ''}.`,
      // An author's feed is their page's; the others', the articles list so filtered.
      pageUrl: urls.page(
        filter.author && !filter.tag
          ? `/authors/${encodeURIComponent(filter.author)}`
          : `/articles${querySuffix(filter)}`,
      ),
      selfUrl: urls.page(`/${format === 'rss' ? 'rss.xml' : 'feed.atom'}${querySuffix(filter)}`),
      articleUrl: urls.article,
      absolute: urls.absolute,
      now,
    };
    const articles = await getLatestForFeed(deps.db, filter, FEED_SIZE, now);
    return toPublicDocument(format === 'rss' ? rssFeed(channel, articles) : atomFeed(channel, articles));
  });
}

/** The latest corrections across the site, as the /corrections page lists them. */
export function getCorrectionsFeed(deps: Deps, format: 'rss' | 'atom'): Promise<PublicDocument> {
  return deps.cache.remember('catalogue', `feed:corrections:${format}`, DOCUMENT_TTL_MS, async () => {
    const urls = siteUrls(deps.config.publicUrl);
    const siteName = (await getSiteSettings(deps)).siteName;
    const channel = {
      siteName,
      title: `${siteName}: Corrections`,
      description: `Corrections published by ${siteName}, newest first.`,
      pageUrl: urls.page('/corrections'),
      selfUrl: urls.page(CORRECTIONS_FEEDS[format]),
      correctedUrl: (id: string) => `${urls.article(id)}#corrections`,
      now: deps.clock(),
    };
    const corrections = await getLatestCorrections(deps.db, FEED_SIZE);
    return toPublicDocument(
      format === 'rss' ? correctionsRss(channel, corrections) : correctionsAtom(channel, corrections),
    );
  });
}

const pageStarts = (deps: Deps, pageSize: number) =>
  deps.cache.remember('catalogue', `sitemap:starts:${pageSize}`, DOCUMENT_TTL_MS, () =>
    getSitemapPageStarts(deps.db, pageSize),
  );

export const articleSitemapPath = (page: number) => `/sitemaps/articles-${page}.xml`;

export async function getSitemapIndex(deps: Deps, pageSize = SITEMAP_PAGE_SIZE): Promise<PublicDocument> {
  const starts = await pageStarts(deps, pageSize);
  return deps.cache.remember('catalogue', `sitemap:index:${pageSize}`, DOCUMENT_TTL_MS, async () => {
    const urls = siteUrls(deps.config.publicUrl);
    return toPublicDocument(
      sitemapIndex([
        { url: urls.page('/sitemaps/pages.xml') },
        { url: urls.page('/sitemaps/news.xml') },
        // Page 1 is listed (empty) even before the first article, so the index never changes shape.
        ...(starts.length > 0 ? starts : [undefined]).map((start, index) => ({
          url: urls.page(articleSitemapPath(index + 1)),
          lastModified: start?.lastModified,
        })),
      ]),
    );
  });
}

/** Undefined past the last page. */
export async function getArticleSitemap(
  deps: Deps,
  page: number,
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<PublicDocument | undefined> {
  const starts = await pageStarts(deps, pageSize);
  const start = starts[page - 1];
  if (!start) return page === 1 ? toPublicDocument(urlSet([])) : undefined;
  return deps.cache.remember('catalogue', `sitemap:articles:${pageSize}:${page}`, DOCUMENT_TTL_MS, async () => {
    const urls = siteUrls(deps.config.publicUrl);
    const rows = await getSitemapPage(deps.db, start, pageSize);
    return toPublicDocument(urlSet(rows.map((row) => ({ url: urls.article(row.id), lastModified: row.updatedAt }))));
  });
}

/** The fixed public pages, a page per tag (archived ones' pages stay) and one per publisher. */
export function getPagesSitemap(deps: Deps): Promise<PublicDocument> {
  return deps.cache.remember('catalogue', 'sitemap:pages', DOCUMENT_TTL_MS, async () => {
    const urls = siteUrls(deps.config.publicUrl);
    const paths = [
      ...PUBLIC_PAGES,
      ...(await getAllTags(deps)).map((tag) => `/tags/${encodeURIComponent(tag.slug)}`),
      ...(await getPublishers(deps)).map((publisher) => `/publishers/${encodeURIComponent(publisher.slug)}`),
      ...(await getPublishedAuthorSlugs(deps.db)).map((slug) => `/authors/${encodeURIComponent(slug)}`),
    ];
    return toPublicDocument(urlSet(paths.map((path) => ({ url: urls.page(path) }))));
  });
}

/**
 * Articles first published (the "Posted" time the site shows, not the submission) in the last 48 hours, as Google
 * News asks: one approved two days after it was submitted is news for two days from its approval.
 */
export function getNewsSitemap(deps: Deps): Promise<PublicDocument> {
  return deps.cache.remember('catalogue', 'sitemap:news', DOCUMENT_TTL_MS, async () => {
    const urls = siteUrls(deps.config.publicUrl);
    const siteName = (await getSiteSettings(deps)).siteName;
    const since = new Date(deps.clock().getTime() - NEWS_WINDOW_MS);
    const rows = await getPublishedSince(deps.db, since, NEWS_MAX);
    return toPublicDocument(
      newsSitemap(
        { name: siteName, language: 'en' },
        rows.map((row) => ({ url: urls.article(row.id), title: row.title, publishedAt: row.publishedAt! })),
      ),
    );
  });
}

export function getRobotsTxt(deps: Pick<AppDeps, 'config'>): PublicDocument {
  return toPublicDocument(robotsTxt(siteUrls(deps.config.publicUrl).page('/sitemap.xml')));
}
