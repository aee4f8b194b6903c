import { FeedQuerySchema } from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { notFound } from '../../plugins/errors.js';
import { sendPublicDocument } from '../../plugins/public-document.js';
import * as service from './feeds.service.js';

/** Files of the built web app these routes replace: a stray copy there must never be served instead. */
export const FEED_FILES = ['robots.txt', 'rss.xml', 'feed.atom', 'sitemap.xml', 'sitemaps/**', 'corrections/**'];

const XML = 'application/xml; charset=utf-8';
const schema = (summary: string) => ({ tags: ['feeds'], summary });

/** Feeds, sitemaps and robots.txt, for anyone, at the site's root (not under /api). */
export function feedRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/rss.xml',
    {
      schema: {
        ...schema('RSS 2.0 feed of the latest approved articles (excerpts only)'),
        querystring: FeedQuerySchema,
      },
    },
    async (request, reply) => {
      const moved = await service.movedFeed(deps, 'rss', request.query);
      if (moved) return reply.redirect(moved, 301);
      return sendPublicDocument(
        request,
        reply,
        await service.getFeed(deps, 'rss', request.query),
        'application/rss+xml; charset=utf-8',
      );
    },
  );

  app.get(
    '/feed.atom',
    {
      schema: { ...schema('Atom feed of the latest approved articles (excerpts only)'), querystring: FeedQuerySchema },
    },
    async (request, reply) => {
      const moved = await service.movedFeed(deps, 'atom', request.query);
      if (moved) return reply.redirect(moved, 301);
      return sendPublicDocument(
        request,
        reply,
        await service.getFeed(deps, 'atom', request.query),
        'application/atom+xml; charset=utf-8',
      );
    },
  );

  app.get(
    service.CORRECTIONS_FEEDS.rss,
    { schema: schema('RSS 2.0 feed of the latest corrections') },
    async (request, reply) =>
      sendPublicDocument(
        request,
        reply,
        await service.getCorrectionsFeed(deps, 'rss'),
        'application/rss+xml; charset=utf-8',
      ),
  );

  app.get(
    service.CORRECTIONS_FEEDS.atom,
    { schema: schema('Atom feed of the latest corrections') },
    async (request, reply) =>
      sendPublicDocument(
        request,
        reply,
        await service.getCorrectionsFeed(deps, 'atom'),
        'application/atom+xml; charset=utf-8',
      ),
  );

  app.get('/sitemap.xml', { schema: schema('Sitemap index') }, async (request, reply) =>
    sendPublicDocument(request, reply, await service.getSitemapIndex(deps), XML),
  );

  app.get(
    '/sitemaps/pages.xml',
    { schema: schema('Sitemap of the public pages: home, lists, every tag and publisher') },
    async (request, reply) => sendPublicDocument(request, reply, await service.getPagesSitemap(deps), XML),
  );

  app.get(
    '/sitemaps/news.xml',
    { schema: schema('Google News sitemap: articles of the last 48 hours') },
    async (request, reply) => sendPublicDocument(request, reply, await service.getNewsSitemap(deps), XML),
  );

  app.get(
    '/sitemaps/articles-:page(^\\d{1,9}).xml',
    {
      schema: {
        ...schema(`Approved articles, ${service.SITEMAP_PAGE_SIZE} a page, oldest first`),
        params: z.object({ page: z.coerce.number().int() }),
      },
    },
    async (request, reply) => {
      const document = request.params.page >= 1 && (await service.getArticleSitemap(deps, request.params.page));
      if (!document) throw notFound('There is no sitemap page with that number.');
      return sendPublicDocument(request, reply, document, XML);
    },
  );

  app.get('/robots.txt', { schema: schema('Crawling rules and the sitemap') }, (request, reply) =>
    sendPublicDocument(request, reply, service.getRobotsTxt(deps), 'text/plain; charset=utf-8'),
  );
}
