import {
  ACCESS_TEXT,
  ArticleTeaserSchema,
  FAMILY_MESSAGES,
  READING_WORDS_PER_MINUTE,
  REVENUE_TEXT,
  TEXT,
  type RelatedArticles,
  type RoleRecord,
} from '@dispatch/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { sessionRoutes, storeToken, testUser } from '../../test/session';
import { article, ARTICLE_ID } from '../../test/writing-fixtures';
import { AppProviders } from '../providers';
import { createRoutes } from '../routes';

const reader = testUser({ email: 'someone@example.com', name: 'Sam Someone' });

/** The whole app in StrictMode, as in development: effects run twice, a view must still count once. */
function renderStrict(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return router;
}

function stubDetail(detail: unknown, role?: RoleRecord | (() => RoleRecord)) {
  storeToken();
  return stubApi({
    '/api/config': config,
    ...sessionRoutes(reader),
    ...(role && { [apiPaths.role]: role }),
    [apiPaths.article(ARTICLE_ID)]: detail,
    [apiPaths.articleViews(ARTICLE_ID)]: { views: 42 },
  });
}

/** A premium article in full and as its teaser, as the server answers either. */
function premiumArticle() {
  const full = article({ isPremium: true });
  const { description: _description, ...rest } = full;
  return { full, teaser: ArticleTeaserSchema.parse({ ...rest, excerpt: 'The bridge opened at dawn.' }) };
}

describe('/articles/:id', () => {
  it('shows the whole article as text and counts exactly one view for the page load', async () => {
    const full = article({ title: 'Bridge <img src=x onerror=alert(1)> opens' });
    const api = stubDetail({ access: true, article: full });
    renderStrict(`/articles/${ARTICLE_ID}`);

    const heading = await screen.findByRole('heading', { level: 1, name: full.title });
    const main = screen.getByRole('main');
    expect(heading.querySelector('img')).toBeNull();
    expect(within(main).getByText('The bridge opened at dawn.')).toBeInTheDocument();
    expect(within(main).getByText('Commuters cheered as the first buses crossed.')).toBeInTheDocument();
    // The byline: the name links to the author's page; SPEC's e-mail beside it (the site's default).
    const byline = within(main).getByRole('link', { name: full.author_name });
    expect(byline).toHaveAttribute('href', '/authors/rosa-reader');
    expect(byline.parentElement).toHaveTextContent(`${TEXT.detail.by} ${full.author_name}`);
    expect(within(main).getByRole('link', { name: full.author_email })).toBeInTheDocument();
    expect(within(main).getByText(full.publisher)).toBeInTheDocument();
    // Posted: when it was first published, not when it was submitted.
    expect(main.querySelector(`time[datetime="${full.publishedAt}"]`)).toHaveTextContent(/2025/);
    expect(main.querySelector(`time[datetime="${full.createdAt}"]`)).toBeNull();
    expect(within(main).getByRole('list', { name: TEXT.detail.tags })).toHaveTextContent('PoliticsTechnology');

    expect(await within(main).findByText(TEXT.detail.views(42))).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const views = api.calls(apiPaths.articleViews(ARTICLE_ID));
    expect(views).toHaveLength(1);
    expect(views[0]?.method).toBe('PATCH');
  });

  it('names the writer of an article not yet published without a link: they may have no author page yet', async () => {
    const pending = article({ status: 'pending', publishedAt: null });
    stubDetail({ access: true, article: pending });
    renderStrict(`/articles/${ARTICLE_ID}`);

    await screen.findByRole('heading', { level: 1, name: pending.title });
    const main = screen.getByRole('main');
    expect(within(main).getByText(`${TEXT.detail.by} ${pending.author_name}`)).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: pending.author_name })).toBeNull();
    expect(main.querySelector('a[href^="/authors/"]')).toBeNull();
  });

  it('counts one view per page load also when the article is already cached (StrictMode runs the effect twice)', async () => {
    const full = article();
    const api = stubDetail({ access: true, article: full });
    const router = renderStrict(`/articles/${ARTICLE_ID}`);
    await screen.findByRole('heading', { level: 1, name: full.title });
    await waitFor(() => expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(1));

    await router.navigate('/forbidden');
    await screen.findByRole('heading', { level: 1, name: TEXT.forbidden.message });
    await router.navigate(`/articles/${ARTICLE_ID}`);
    await screen.findByRole('heading', { level: 1, name: full.title });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(2);
  });

  it('shows a premium teaser with a call to subscribe, and counts no view', async () => {
    const { teaser } = premiumArticle();
    const api = stubDetail({ access: false, article: teaser });
    renderStrict(`/articles/${ARTICLE_ID}`);

    await screen.findByRole('heading', { level: 1, name: teaser.title });
    expect(screen.getByText('The bridge opened at dawn....')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TEXT.detail.teaserTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.detail.subscribe })).toHaveAttribute('href', '/subscription');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(0);
  });

  it("notes how many of a limited pass's premium articles are left once one is opened in full", async () => {
    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    let opened = 1;
    const api = stubDetail({ access: true, article: article({ isPremium: true }) }, () => {
      // The server counted this article as opened when it answered it.
      const record: RoleRecord = { role: 'user', premiumTaken: until, premiumArticles: { included: 3, opened } };
      opened = 2;
      return record;
    });
    renderStrict(`/articles/${ARTICLE_ID}`);

    expect(await screen.findByText(ACCESS_TEXT.articlesLeft(1, 3), {})).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TEXT.detail.teaserTitle })).not.toBeInTheDocument();
    expect(api.calls(apiPaths.role).length).toBeGreaterThan(1);
  });

  it("says a limited pass's premium articles are all opened when the server answers a teaser", async () => {
    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const { teaser } = premiumArticle();
    stubDetail(
      { access: false, article: teaser },
      { role: 'user', premiumTaken: until, premiumArticles: { included: 3, opened: 3 } },
    );
    renderStrict(`/articles/${ARTICLE_ID}`);

    const teaserBox = (await screen.findByRole('heading', { name: TEXT.detail.teaserTitle })).closest('aside')!;
    expect(await within(teaserBox).findByText(ACCESS_TEXT.articlesUsed(3))).toBeInTheDocument();
    expect(within(teaserBox).getByRole('link', { name: TEXT.detail.subscribe })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('counts one view of a premium article the meter opened', async () => {
    const full = article({ isPremium: true });
    const metered = stubDetail({ access: true, article: full, meter: { used: 1, allowed: 3 } });
    renderStrict(`/articles/${ARTICLE_ID}`);
    await screen.findByRole('heading', { level: 1, name: full.title });
    await waitFor(() => expect(metered.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(1));
    expect(metered.calls(apiPaths.articleViews(ARTICLE_ID))[0]?.url.search).toBe('');
    // The count answered replaces the one shown; the meter's note stays.
    expect(await screen.findByText(TEXT.detail.views(42))).toBeInTheDocument();
    expect(screen.getByText(REVENUE_TEXT.detail.meterCount(1, 3))).toBeInTheDocument();
  });

  it("sends a gift link's token with the view of the article it opened", async () => {
    const full = article({ isPremium: true });
    const gifted = stubDetail({ access: true, article: full, gift: { expiresAt: '2030-01-01T00:00:00.000Z' } });
    renderStrict(`/articles/${ARTICLE_ID}?gift=GiftToken_1`);
    await screen.findByRole('heading', { level: 1, name: full.title });
    await waitFor(() => expect(gifted.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(1));
    const [view] = gifted.calls(apiPaths.articleViews(ARTICLE_ID));
    expect(view?.method).toBe('PATCH');
    expect(view?.url.searchParams.get('gift')).toBe('GiftToken_1');
    expect(await screen.findByText(TEXT.detail.views(42))).toBeInTheDocument();
    expect(screen.getByText(/^A subscriber shared this article with you\./)).toBeInTheDocument();
  });

  it('offers a free read on a teaser its page did not spend, spends it with a click, then shows the article in full', async () => {
    const { full, teaser } = premiumArticle();
    storeToken();
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(reader),
      [apiPaths.article(ARTICLE_ID)]: { access: false, article: teaser, freeReadOffer: { left: 2 } },
      [apiPaths.articleFreeRead(ARTICLE_ID)]: { access: true, article: full, meter: { used: 2, allowed: 3 } },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 42 },
    });
    renderStrict(`/articles/${ARTICLE_ID}`);

    const button = await screen.findByRole('button', { name: REVENUE_TEXT.detail.readWithFreeRead(2) });
    expect(button).toHaveTextContent('Read it with one of your 2 free reads');
    // Nothing is spent, and no view counted, before the click.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(apiPaths.articleFreeRead(ARTICLE_ID))).toHaveLength(0);
    expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(0);

    await userEvent.setup().click(button);
    expect(await screen.findByText('The bridge opened at dawn.')).toBeInTheDocument();
    expect(screen.getByText('Commuters cheered as the first buses crossed.')).toBeInTheDocument();
    expect(screen.getByText(REVENUE_TEXT.detail.meterCount(2, 3))).toBeInTheDocument();
    const spent = api.calls(apiPaths.articleFreeRead(ARTICLE_ID));
    expect(spent).toHaveLength(1);
    expect(spent[0]?.method).toBe('POST');
    expect(spent[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    await waitFor(() => expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /free read/ })).toBeNull();
  });

  it("offers a limited pass's premium article on a teaser its page did not spend, and opens it with a click", async () => {
    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const { full, teaser } = premiumArticle();
    storeToken();
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(reader, { role: 'user', premiumTaken: until, premiumArticles: { included: 3, opened: 1 } }),
      [apiPaths.article(ARTICLE_ID)]: { access: false, article: teaser, passOffer: { left: 2 } },
      [apiPaths.articleFreeRead(ARTICLE_ID)]: { access: true, article: full },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 42 },
    });
    renderStrict(`/articles/${ARTICLE_ID}`);

    const button = await screen.findByRole('button', { name: ACCESS_TEXT.readWithPass(2) });
    expect(button).toHaveTextContent("Read it with one of your pass's 2 premium articles");
    expect(screen.queryByRole('button', { name: /free read/ })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(apiPaths.articleFreeRead(ARTICLE_ID))).toHaveLength(0);

    await userEvent.setup().click(button);
    expect(await screen.findByText('Commuters cheered as the first buses crossed.')).toBeInTheDocument();
    expect(api.calls(apiPaths.articleFreeRead(ARTICLE_ID))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: ACCESS_TEXT.readWithPass(2) })).toBeNull();
  });

  it('says a revoked gift link was withdrawn, and offers the free read instead of spending it', async () => {
    const { teaser } = premiumArticle();
    stubDetail({ access: false, article: teaser, giftRefused: 'revoked', freeReadOffer: { left: 1 } });
    renderStrict(`/articles/${ARTICLE_ID}?gift=GiftToken_1`);
    expect(await screen.findByText(REVENUE_TEXT.detail.giftRefused.revoked, undefined)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read it with your last free read' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.detail.subscribe })).toHaveAttribute('href', '/subscription');
  });

  it('shows a not-found page for an article that does not exist or is not visible', async () => {
    const api = stubDetail(() => errorResponse(404, 'That article was not found.'));
    renderStrict(`/articles/${ARTICLE_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: TEXT.detail.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.detail.backToArticles })).toHaveAttribute('href', '/articles');
    await waitFor(() => expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(0));
  });

  it('shows a young reader a 403 page for an article their family hides', async () => {
    const api = stubDetail(() => errorResponse(403, FAMILY_MESSAGES.hiddenArticle));
    renderStrict(`/articles/${ARTICLE_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: FAMILY_MESSAGES.hiddenArticle })).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.detail.backToArticles })).toHaveAttribute('href', '/articles');
    await waitFor(() => expect(api.calls(apiPaths.articleViews(ARTICLE_ID))).toHaveLength(0));
  });

  it('gives a reader who may read the article the reading time of its whole text', async () => {
    const words = (count: number) => Array.from({ length: count }, (_, n) => `word${n}`).join(' ');
    const full = article({ description: words(READING_WORDS_PER_MINUTE * 3 + 1) });
    stubDetail({ access: true, article: full });
    renderStrict(`/articles/${ARTICLE_ID}`);
    await screen.findByRole('heading', { level: 1, name: full.title });
    expect(screen.getByText(TEXT.detail.readingTime(4))).toBeInTheDocument();
  });

  it("gives a premium teaser's reading time from the teaser alone", async () => {
    const { teaser } = premiumArticle();
    stubDetail({ access: false, article: teaser });
    renderStrict(`/articles/${ARTICLE_ID}`);
    await screen.findByRole('heading', { level: 1, name: teaser.title });
    expect(screen.getByText(TEXT.detail.readingTime(1))).toBeInTheDocument();
  });

  it('ends with more from its publisher and more on its tag, each leading to its list', async () => {
    const full = article();
    const card = (title: string, isPremium = false) => ({
      _id: crypto.randomUUID(),
      title,
      image: full.image,
      publisher: full.publisher,
      publisherSlug: full.publisherSlug,
      tags: ['Politics'],
      excerpt: `${title} excerpt`,
      isPremium,
      views: 1,
      createdAt: full.createdAt,
      publishedAt: full.publishedAt,
    });
    const related: RelatedArticles = {
      publisher: { name: full.publisher, articles: [card('Tides rise'), card('Ferry paid for', true)] },
      tag: { name: 'Politics', articles: [card('Council votes')] },
    };
    storeToken();
    stubApi({
      '/api/config': config,
      ...sessionRoutes(reader),
      [apiPaths.article(ARTICLE_ID)]: { access: true, article: full },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 42 },
      [apiPaths.articleRelated(ARTICLE_ID)]: related,
    });
    renderStrict(`/articles/${ARTICLE_ID}`);

    const fromPublisher = (await screen.findByRole('heading', { name: TEXT.detail.moreFrom(full.publisher) })).closest(
      'section',
    )!;
    expect(
      within(fromPublisher)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([TEXT.detail.moreFrom(full.publisher), 'Tides rise', 'Ferry paid for']);
    // A premium card for a reader without premium: its details stay closed, as in the lists.
    expect(within(fromPublisher).getByRole('button', { name: TEXT.articles.details })).toBeDisabled();
    expect(within(fromPublisher).getByRole('link', { name: TEXT.detail.seeAllFrom(full.publisher) })).toHaveAttribute(
      'href',
      '/publishers/harbor-herald',
    );
    const onTag = screen.getByRole('heading', { name: TEXT.detail.moreOn('Politics') }).closest('section')!;
    expect(within(onTag).getByRole('heading', { name: 'Council votes' })).toBeInTheDocument();
    expect(within(onTag).getByRole('link', { name: TEXT.detail.seeAllFrom('Politics') })).toHaveAttribute(
      'href',
      '/tags/politics',
    );
  });
});
