import { TEXT, type Tag } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, seedTags, stubApi } from '../../test/api-stub';
import { articleCard, config, publishers } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';

const renamed: Tag = { _id: 't5', name: 'Wellbeing', slug: 'wellbeing', archived: false };

/** A site where Health was renamed Wellbeing: /tags/health names it still. */
function stubRenamed() {
  return stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    [apiPaths.tags]: [...seedTags.slice(0, 4), renamed],
    [apiPaths.tag('health')]: renamed,
    [apiPaths.tag('wellbeing')]: renamed,
    [apiPaths.tag('weather')]: () => errorResponse(404, 'There is no such tag.'),
    '/api/articles/approved': (url: URL) => ({
      articles: [articleCard({ title: `On ${url.searchParams.get('tag')}`, tags: ['Wellbeing'] })],
      total: 1,
    }),
  });
}

describe('/tags/{slug}', () => {
  it("shows a tag's articles by its name, read from the API", async () => {
    const api = stubRenamed();
    const { router } = renderRoute('/tags/wellbeing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wellbeing' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'On Wellbeing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tags/wellbeing');
    expect(api.requests('/api/articles/approved').at(-1)?.searchParams.get('tag')).toBe('Wellbeing');
  });

  it("sends a renamed tag's old address to its page, keeping the page asked for", async () => {
    stubRenamed();
    const { router } = renderRoute('/tags/health?page=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wellbeing' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tags/wellbeing'));
    expect(router.state.location.search).toBe('?page=1');
  });

  it('answers an address that names no tag with the not-found page', async () => {
    stubRenamed();
    renderRoute('/tags/weather');
    expect((await screen.findAllByText(TEXT.tagPage.notFound)).length).toBeGreaterThan(0);
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it('offers the tags the site has in the list filter, a renamed one by its new name', async () => {
    stubRenamed();
    renderRoute('/articles?tag=Health');
    const tag = await screen.findByLabelText(TEXT.articles.tagLabel);
    await waitFor(() => expect(within(tag).getAllByRole('option')).toHaveLength(6));
    expect(
      within(tag)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([TEXT.articles.allTags, 'Politics', 'Sports', 'Technology', 'Entertainment', 'Wellbeing']);
    // The old name's filter is no tag the site offers: every tag is shown.
    expect(tag).toHaveValue('');
  });
});
