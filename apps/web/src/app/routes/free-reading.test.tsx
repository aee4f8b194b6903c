import {
  ARTICLE_MESSAGES,
  ArticleTeaserSchema,
  READERS_TEXT,
  TEXT,
  type ArticleDetail,
  type PageReads,
  type PublicConfig,
} from '@dispatch/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderPage } from '../../entry-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { loadRouteModules } from '../../test/render-route';
import { article, ARTICLE_ID } from '../../test/writing-fixtures';
import { AppProviders } from '../providers';
import { createRoutes } from '../routes';

const anyone: PublicConfig = { ...config, freeArticleReaders: 'anyone' };

/** The whole app for a visitor without a session, at `path`. */
function renderVisitor(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function stubVisitor(siteConfig: PublicConfig, detail: unknown) {
  const full = article();
  const { description: _description, ...rest } = full;
  return stubApi({
    '/api/config': siteConfig,
    [apiPaths.article(ARTICLE_ID)]: detail,
    [apiPaths.articlePreview(ARTICLE_ID)]: {
      ...ArticleTeaserSchema.parse({ ...rest, excerpt: 'The bridge' }),
      updatedAt: full.createdAt,
    },
    [apiPaths.articleViews(ARTICLE_ID)]: { views: 42 },
  });
}

describe('/articles/:id for a visitor without a session (docs/product.md#who-reads-what)', () => {
  beforeAll(() => loadRouteModules(`/articles/${ARTICLE_ID}`, '/login'));

  it("sends the visitor to /login with SPEC's default, asking nothing of the article", async () => {
    const api = stubVisitor(config, { access: true, article: article() });
    const router = renderVisitor(`/articles/${ARTICLE_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls(apiPaths.article(ARTICLE_ID))).toHaveLength(0);
    expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(0);
  });

  it('shows the whole free article when the site opens free articles to anyone, and counts its view', async () => {
    const full = article();
    const api = stubVisitor(anyone, { access: true, article: full });
    const router = renderVisitor(`/articles/${ARTICLE_ID}`);

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: full.title })).toBeInTheDocument();
    expect(within(main).getByText('Commuters cheered as the first buses crossed.')).toBeInTheDocument();
    expect(await within(main).findByText(TEXT.detail.views(42))).toBeInTheDocument();
    const views = api.calls(apiPaths.articleViews(ARTICLE_ID));
    expect(views).toHaveLength(1);
    expect(views[0]?.headers.get('authorization')).toBeNull();
    expect(router.state.location.pathname).toBe(`/articles/${ARTICLE_ID}`);
    expect(within(main).queryByText(READERS_TEXT.badge)).toBeNull();
  });

  it("shows a premium article's teaser with the call to subscribe, and counts no view", async () => {
    const full = article({ isPremium: true });
    const { description: _description, ...rest } = full;
    const teaser = ArticleTeaserSchema.parse({ ...rest, excerpt: 'The bridge opened at dawn.' });
    const api = stubVisitor(anyone, { access: false, article: teaser });
    renderVisitor(`/articles/${ARTICLE_ID}`);

    expect(await screen.findByRole('heading', { name: TEXT.detail.teaserTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.detail.subscribe })).toBeInTheDocument();
    expect(screen.queryByText('Commuters cheered as the first buses crossed.')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(0);
  });

  it('sends the visitor to /login for an article kept for signed-in readers, as the default does', async () => {
    stubVisitor(anyone, () => errorResponse(401, ARTICLE_MESSAGES.loginToRead));
    const router = renderVisitor(`/articles/${ARTICLE_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('marks an article kept for signed-in readers on its page', async () => {
    const full = article({ signedInOnly: true });
    stubVisitor(anyone, { access: true, article: full });
    renderVisitor(`/articles/${ARTICLE_ID}`);
    expect(await screen.findByText(READERS_TEXT.badge)).toBeInTheDocument();
  });
});

describe("the server's render of an article page for a visitor without a session", () => {
  const full = article();
  const { description: _description, ...rest } = full;
  /** The services' answers as the page service hands them over; a read the page should not make fails. */
  const readsFor = (siteConfig: PublicConfig, detail: () => Promise<ArticleDetail>) =>
    new Proxy(
      {
        config: async () => siteConfig,
        articlePreview: async () => ({
          ...ArticleTeaserSchema.parse({ ...rest, excerpt: 'The bridge opened at dawn.' }),
          updatedAt: full.createdAt,
        }),
        article: detail,
        articleCorrections: async () => ({ corrections: [] }),
        relatedArticles: async () => ({ publisher: { name: full.publisher, articles: [] }, tag: null }),
      },
      {
        get: (target, name) =>
          target[name as keyof typeof target] ?? (() => Promise.reject(new Error(`unexpected read ${String(name)}`))),
      },
    ) as unknown as PageReads;
  const renderFor = (reads: PageReads) =>
    renderPage({ url: `https://news.example/articles/${ARTICLE_ID}`, viewer: null, reads });

  it('holds the whole free article when the site opens free articles to anyone', async () => {
    const page = await renderFor(readsFor(anyone, async () => ({ access: true, article: full })));
    expect(page.kind).toBe('page');
    if (page.kind !== 'page') return;
    expect(page.status).toBe(200);
    expect(page.body).toContain('Commuters cheered as the first buses crossed.');
  });

  it("holds only the preview with SPEC's default, and reads nothing of the article", async () => {
    let read = false;
    const page = await renderFor(
      readsFor(config, () => {
        read = true;
        return Promise.reject(new Error('not for a visitor'));
      }),
    );
    expect(page.kind === 'page' && page.body).not.toContain('Commuters cheered');
    expect(read).toBe(false);
  });
});
