import { ARTICLE_MESSAGES, LIMITS, TAGS, TEXT } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, jsonResponse } from '../../test/api-stub';
import { articleCard, config, publishers } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, testUser } from '../../test/session';

const page = (total: number, articles = [articleCard()]) => ({ articles, total });

function stubArticles(answer: (url: URL) => unknown = () => page(1)) {
  return stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    '/api/articles/approved': answer,
  });
}

describe('/articles', () => {
  it('lists approved articles with their preview and a locked premium card', async () => {
    const long = 'x'.repeat(100);
    stubArticles(() =>
      page(2, [
        articleCard({ _id: 'a1', title: 'Open story', excerpt: long }),
        articleCard({ _id: 'a2', title: 'Premium story', isPremium: true }),
      ]),
    );
    renderRoute('/articles');

    expect(await screen.findByRole('heading', { level: 1, name: TEXT.articles.heading })).toBeInTheDocument();
    const open = (await screen.findByRole('heading', { name: 'Open story' })).closest('article');
    const premium = screen.getByRole('heading', { name: 'Premium story' }).closest('article');
    expect(open && within(open).getByText(`${long}...`)).toBeInTheDocument();
    expect(open && within(open).getByRole('link', { name: TEXT.articles.details })).toHaveAttribute(
      'href',
      '/articles/a1',
    );
    expect(premium && within(premium).getByRole('button', { name: TEXT.articles.details })).toBeDisabled();
  });

  it('offers every publisher and every tag, with the defaults first', async () => {
    stubArticles();
    renderRoute('/articles');

    const publisher = await screen.findByLabelText(TEXT.articles.publisherLabel);
    await waitFor(() => expect(within(publisher).getAllByRole('option')).toHaveLength(publishers.length + 1));
    expect(
      within(publisher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([TEXT.articles.allPublishers, ...publishers.map((p) => p.name)]);
    const tag = screen.getByLabelText(TEXT.articles.tagLabel);
    expect(
      within(tag)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([TEXT.articles.allTags, ...TAGS]);
  });

  it('does not offer a young reader the tags their family hides (docs/product.md#parental-controls)', async () => {
    storeToken();
    stubApi({
      '/api/config': config,
      '/api/publishers': publishers,
      '/api/articles/approved': page(1),
      ...sessionRoutes(testUser(), { ...ROLES.user, youngReader: true, hiddenTags: ['Politics'] }),
    });
    renderRoute('/articles');

    const tag = await screen.findByLabelText(TEXT.articles.tagLabel);
    await waitFor(() => expect(within(tag).queryByRole('option', { name: 'Politics' })).not.toBeInTheDocument());
    expect(
      within(tag)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([TEXT.articles.allTags, ...TAGS.filter((t) => t !== 'Politics')]);
  });

  it('puts the tag filter in the URL and in the request', async () => {
    const api = stubArticles();
    const { router } = renderRoute('/articles');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText(TEXT.articles.tagLabel), 'Sports');

    await waitFor(() => expect(router.state.location.search).toBe('?tag=Sports'));
    await waitFor(() => expect(api.requests('/api/articles/approved').at(-1)?.searchParams.get('tag')).toBe('Sports'));
  });

  it('puts the publisher filter in the URL and in the request', async () => {
    const api = stubArticles();
    const { router } = renderRoute('/articles');
    const user = userEvent.setup();

    const select = await screen.findByLabelText(TEXT.articles.publisherLabel);
    await screen.findByRole('option', { name: 'Northern Signal' });
    await user.selectOptions(select, 'Northern Signal');

    await waitFor(() => expect(router.state.location.search).toBe('?publisher=Northern+Signal'));
    await waitFor(() =>
      expect(api.requests('/api/articles/approved').at(-1)?.searchParams.get('publisher')).toBe('Northern Signal'),
    );
  });

  it('searches by title after typing pauses, and starts again from page 1', async () => {
    const api = stubArticles(() => page(30));
    const { router } = renderRoute('/articles?page=2');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(TEXT.articles.searchLabel), 'bridge');

    await waitFor(() => expect(router.state.location.search).toBe('?search=bridge'));
    await waitFor(() =>
      expect(api.requests('/api/articles/approved').at(-1)?.searchParams.get('search')).toBe('bridge'),
    );
    // Typing did not fire one request per key.
    expect(api.requests('/api/articles/approved').filter((url) => url.searchParams.has('search'))).toHaveLength(1);
  });

  it('reads the filters and the page from the URL on load', async () => {
    const api = stubArticles(() => page(30));
    renderRoute('/articles?search=harbour&publisher=Civic+Ledger&tag=Health&page=2');

    expect(await screen.findByLabelText(TEXT.articles.searchLabel)).toHaveValue('harbour');
    expect(screen.getByLabelText(TEXT.articles.tagLabel)).toHaveValue('Health');
    expect(screen.getByLabelText(TEXT.articles.publisherLabel)).toHaveValue('Civic Ledger');
    const request = api.requests('/api/articles/approved')[0];
    expect(Object.fromEntries(request?.searchParams ?? [])).toMatchObject({
      search: 'harbour',
      publisher: 'Civic Ledger',
      tag: 'Health',
      page: '2',
      limit: '12',
    });
  });

  it('says when nothing matches and clears the filters on request', async () => {
    stubArticles((url) => (url.searchParams.get('search') ? page(0, []) : page(1)));
    const { router } = renderRoute('/articles?search=nothing&tag=Health');
    expect(await screen.findByText(TEXT.articles.empty)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: TEXT.listing.clearFilters }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: articleCard().title })).toBeInTheDocument();
  });

  it('says a capped search total is at least that many', async () => {
    stubArticles(() => ({ ...page(LIMITS.searchCountCap), totalCapped: true }));
    renderRoute('/articles?search=the');
    expect(
      await screen.findByText(
        `${TEXT.listing.showing} 1–1 ${TEXT.listing.of} ${LIMITS.searchCountCap}${TEXT.listing.atLeast}`,
      ),
    ).toBeInTheDocument();
  });

  it('pages through the list by total', async () => {
    const api = stubArticles(() => page(30));
    const { router } = renderRoute('/articles?tag=Politics');
    const user = userEvent.setup();

    const pager = await screen.findByRole('navigation', { name: TEXT.listing.pagination });
    expect(within(pager).getAllByRole('link', { name: /^Page \d+$/ })).toHaveLength(3);
    await user.click(within(pager).getByRole('link', { name: TEXT.articles.next }));

    await waitFor(() => expect(router.state.location.search).toBe('?tag=Politics&page=2'));
    await waitFor(() => expect(api.requests('/api/articles/approved').at(-1)?.searchParams.get('page')).toBe('2'));
    expect(await screen.findByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the last page when the page asked for is past it', async () => {
    const api = stubArticles((url) => (url.searchParams.get('page') === '3' ? page(30) : page(30, [])));
    const { router } = renderRoute('/articles?tag=Politics&page=99');

    await waitFor(() => expect(router.state.location.search).toBe('?tag=Politics&page=3'));
    expect(await screen.findByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText(TEXT.articles.empty)).not.toBeInTheDocument();
    expect(api.requests('/api/articles/approved').at(-1)?.searchParams.get('page')).toBe('3');
  });

  it('says so when nothing matches', async () => {
    stubArticles(() => page(0, []));
    renderRoute('/articles?tag=Health');

    expect(await screen.findByText(TEXT.articles.empty)).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    stubArticles(() =>
      fail ? jsonResponse({ code: 'VALIDATION_FAILED', message: 'Bad query', requestId: 'r1' }, 400) : page(1),
    );
    renderRoute('/articles');
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: TEXT.states.retry }));

    expect(await screen.findByRole('heading', { name: 'Parliament debates the energy bill' })).toBeInTheDocument();
  });

  it("shows the search limit's message, not an empty result, when searches are refused", async () => {
    const message = ARTICLE_MESSAGES.tooManySearches(42);
    stubArticles(() => jsonResponse({ code: 'TOO_MANY_REQUESTS', message, requestId: 'r2' }, 429));
    renderRoute('/articles?search=harbour');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.articles.empty)).not.toBeInTheDocument();
  });
});
