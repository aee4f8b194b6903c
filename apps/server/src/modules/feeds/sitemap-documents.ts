import { element, xmlDocument } from './xml.js';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';

export function sitemapIndex(sitemaps: { url: string; lastModified?: Date }[]): string {
  return xmlDocument(
    element(
      'sitemapindex',
      { xmlns: SITEMAP_NS },
      sitemaps.map((sitemap) =>
        element(
          'sitemap',
          null,
          element('loc', null, sitemap.url),
          sitemap.lastModified && element('lastmod', null, sitemap.lastModified.toISOString()),
        ),
      ),
    ),
  );
}

export function urlSet(urls: { url: string; lastModified?: Date }[]): string {
  return xmlDocument(
    element(
      'urlset',
      { xmlns: SITEMAP_NS },
      urls.map((entry) =>
        element(
          'url',
          null,
          element('loc', null, entry.url),
          entry.lastModified && element('lastmod', null, entry.lastModified.toISOString()),
        ),
      ),
    ),
  );
}

/** Google News' sitemap: one publication (the site), recent articles with their titles and dates. */
export function newsSitemap(
  publication: { name: string; language: string },
  articles: { url: string; title: string; publishedAt: Date }[],
): string {
  return xmlDocument(
    element(
      'urlset',
      { xmlns: SITEMAP_NS, 'xmlns:news': NEWS_NS },
      articles.map((article) =>
        element(
          'url',
          null,
          element('loc', null, article.url),
          element(
            'news:news',
            null,
            element(
              'news:publication',
              null,
              element('news:name', null, publication.name),
              element('news:language', null, publication.language),
            ),
            element('news:publication_date', null, article.publishedAt.toISOString()),
            element('news:title', null, article.title),
          ),
        ),
      ),
    ),
  );
}
