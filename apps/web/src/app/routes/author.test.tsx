import { AUTHOR_TEXT, AuthorPageSchema, PublicConfigSchema, TEXT } from '@dispatch/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi } from '../../test/api-stub';
import { articleCard, config } from '../../test/fixtures';
import { loadRouteModules, renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';
import { article, ARTICLE_ID } from '../../test/writing-fixtures';

const page = AuthorPageSchema.parse({
  author: {
    name: 'Rosa Reader',
    slug: 'rosa-reader',
    photo: `/api/uploads/${'d'.repeat(64)}.webp`,
    bio: 'Covers the harbour and the city council.',
    links: { website: 'https://rosa.example', x: 'https://x.com/rosa' },
  },
  articles: [
    articleCard({ _id: 'a1', title: 'Harbour bridge opens to traffic' }),
    articleCard({
      _id: 'a2',
      title: 'Council votes on the ferry',
      createdAt: '2025-03-01T10:00:00.000Z',
      publishedAt: '2025-03-03T10:00:00.000Z',
    }),
  ],
  total: 2,
});

const jsonLdOf = (type: string) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')]
    .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
    .find((data) => data['@type'] === type);

describe('/authors/:slug', () => {
  beforeAll(() => loadRouteModules('/authors/rosa-reader', `/articles/${ARTICLE_ID}`));

  it("shows the author's photo, name, bio, links, feeds and articles, with a Person for search engines", async () => {
    stubApi({ '/api/config': config, [apiPaths.author('rosa-reader')]: page });
    renderRoute('/authors/rosa-reader');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rosa Reader' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText(page.author.bio)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: AUTHOR_TEXT.linkLabels.website })).toHaveAttribute(
      'href',
      'https://rosa.example',
    );
    expect(within(main).getByRole('link', { name: AUTHOR_TEXT.linkLabels.x })).toHaveAttribute(
      'href',
      'https://x.com/rosa',
    );
    expect(within(main).queryByRole('link', { name: AUTHOR_TEXT.linkLabels.linkedin })).toBeNull();
    expect(within(main).getByRole('link', { name: TEXT.feeds.rss })).toHaveAttribute(
      'href',
      '/rss.xml?author=rosa-reader',
    );
    expect(document.head.querySelector('link[type="application/rss+xml"][href$="?author=rosa-reader"]')).not.toBeNull();
    const card = within(main).getByRole('article', { name: 'Council votes on the ferry' });
    // A card is dated by its publication, as the article's Posted.
    expect(card.querySelector('time[datetime="2025-03-03T10:00:00.000Z"]')).not.toBeNull();
    expect(card.querySelector('time[datetime="2025-03-01T10:00:00.000Z"]')).toBeNull();
    expect(jsonLdOf('Person')).toMatchObject({
      name: 'Rosa Reader',
      url: 'http://127.0.0.1:3000/authors/rosa-reader',
      description: page.author.bio,
      sameAs: ['https://rosa.example', 'https://x.com/rosa'],
    });
  });

  it('shows a 404 page for an address no published author has', async () => {
    stubApi({
      '/api/config': config,
      [apiPaths.author('nobody')]: () => errorResponse(404, AUTHOR_TEXT.notFound),
    });
    renderRoute('/authors/nobody');
    expect(await screen.findByText(AUTHOR_TEXT.notFound, { selector: 'p, h1' })).toBeInTheDocument();
  });
});

describe('bylines', () => {
  const reader = testUser({ email: 'someone@example.com', name: 'Sam Someone' });

  function openArticle(siteConfig: typeof config, answer: ReturnType<typeof article>) {
    storeToken();
    stubApi({
      '/api/config': siteConfig,
      ...sessionRoutes(reader),
      [apiPaths.article(ARTICLE_ID)]: { access: true, article: answer },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 1 },
    });
    renderRoute(`/articles/${ARTICLE_ID}`);
  }

  it("with the site's bylines set to names only, show the name linked to the author page and no e-mail", async () => {
    const answer = article({ author_email: '' });
    openArticle(PublicConfigSchema.parse({ ...config, bylineShowsEmail: false }), answer);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: answer.title });
    const byline = within(main).getByRole('link', { name: answer.author_name });
    expect(byline).toHaveAttribute('href', '/authors/rosa-reader');
    // The byline's block: name, then (SPEC's default) the e-mail, then the time; no e-mail here.
    expect(byline.closest('div')!.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(byline.closest('div')!.textContent).not.toContain('@');
  });

  it('date the NewsArticle from the first publication, modified at the last edit after it, by the author page', async () => {
    const answer = article({
      createdAt: '2025-03-01T08:00:00.000Z',
      publishedAt: '2025-03-03T09:30:00.000Z',
      updatedAt: '2025-03-06T12:00:00.000Z',
    });
    openArticle(config, answer);
    await screen.findByRole('heading', { level: 1, name: answer.title });
    expect(jsonLdOf('NewsArticle')).toMatchObject({
      datePublished: '2025-03-03T09:30:00.000Z',
      dateModified: '2025-03-06T12:00:00.000Z',
      author: [{ '@type': 'Person', name: 'Rosa Reader', url: 'http://127.0.0.1:3000/authors/rosa-reader' }],
    });
    expect(document.head.querySelector('meta[property="article:published_time"]')).toHaveAttribute(
      'content',
      '2025-03-03T09:30:00.000Z',
    );
  });
});
