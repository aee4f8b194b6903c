import { TEXT, UploadResponseSchema, WRITER_LIMIT_TEXT } from '@dispatch/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, jsonResponse, seedTags, stubApi, type StubRequest } from '../../test/api-stub';
import { config, publishers } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';
import { myArticle, pathOf } from '../../test/writing-fixtures';

const user = testUser();
const uploaded = UploadResponseSchema.parse({ url: `/api/uploads/${'f'.repeat(64)}.webp`, width: 1280, height: 720 });
const W = TEXT.writing;

async function openForm({
  submit = () => jsonResponse({ insertedId: 'new-id', acknowledged: true }, 201),
  publisherList = () => publishers,
  routes = {},
}: {
  submit?: (url: URL, request: StubRequest) => unknown;
  publisherList?: () => unknown;
  routes?: Record<string, unknown>;
} = {}) {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    ...sessionRoutes(user),
    [apiPaths.publishers]: publisherList,
    [apiPaths.uploads]: () => jsonResponse(uploaded, 201),
    [apiPaths.articles]: submit,
    [pathOf(apiPaths.userArticles(user.email))]: [myArticle()],
    ...routes,
  });
  const view = renderRoute('/addArticle');
  await screen.findByRole('heading', { level: 1, name: W.addHeading });
  return { api, ...view, person: userEvent.setup() };
}

async function fillIn(person: ReturnType<typeof userEvent.setup>) {
  await person.type(screen.getByLabelText(W.title), 'Harbour bridge opens');
  await person.upload(screen.getByLabelText(W.image), new File(['x'], 'bridge.png', { type: 'image/png' }));
  await waitFor(() => expect(screen.getByRole('button', { name: W.submit })).toBeEnabled());
  await waitFor(() => expect(screen.getByLabelText(W.publisher)).toBeEnabled());
  await person.selectOptions(screen.getByLabelText(W.publisher), 'Civic Ledger');
  await person.type(screen.getByLabelText(W.tags), 'Poli{Enter}');
  await person.type(screen.getByLabelText(W.tags), 'Heal{Enter}');
  await person.type(screen.getByLabelText(W.description), 'The bridge opened at dawn.');
}

describe('/addArticle', () => {
  it('labels every field and offers the loaded publishers and the five tags', async () => {
    const { person } = await openForm();

    expect(screen.getByLabelText(W.image)).toHaveAttribute('type', 'file');
    const publisher = screen.getByLabelText(W.publisher);
    await waitFor(() => expect(publisher).toBeEnabled());
    expect(
      within(publisher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([W.selectPublisher, ...publishers.map((p) => p.name)]);
    await person.click(screen.getByLabelText(W.tags));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Politics', 'Sports', 'Technology', 'Entertainment', 'Health']);
  });

  it('offers the tags the site has now, as the API lists them, and sends the one chosen', async () => {
    const tags = [
      ...seedTags.slice(0, 4),
      { _id: 't5', name: 'Wellbeing', slug: 'wellbeing', archived: false },
      { _id: 't6', name: 'Science & Tech', slug: 'science-tech', archived: false },
    ];
    const { api, person } = await openForm({ routes: { [apiPaths.tags]: tags } });
    await person.click(screen.getByLabelText(W.tags));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(tags.map((tag) => tag.name)),
    );
    await person.type(screen.getByLabelText(W.tags), 'Scien{Enter}');
    await person.type(screen.getByLabelText(W.title), 'Harbour bridge opens');
    await person.upload(screen.getByLabelText(W.image), new File(['x'], 'bridge.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('button', { name: W.submit })).toBeEnabled());
    await person.selectOptions(screen.getByLabelText(W.publisher), 'Civic Ledger');
    await person.type(screen.getByLabelText(W.description), 'The bridge opened at dawn.');
    await person.click(screen.getByRole('button', { name: W.submit }));
    await waitFor(() => expect(api.calls(apiPaths.articles).filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(api.calls(apiPaths.articles).find((call) => call.method === 'POST')?.body).toMatchObject({
      tags: ['Science & Tech'],
    });
  });

  it('shows every required message next to its field and sends nothing', async () => {
    const { api, person } = await openForm();

    await person.click(screen.getByRole('button', { name: W.submit }));

    expect(await screen.findByLabelText(W.title)).toHaveAccessibleDescription(TEXT.validation.titleRequired);
    expect(screen.getByLabelText(W.image)).toHaveAccessibleDescription(
      expect.stringContaining(TEXT.validation.imageRequired),
    );
    expect(screen.getByLabelText(W.publisher)).toHaveAccessibleDescription(TEXT.validation.publisherRequired);
    expect(screen.getByText(TEXT.validation.tagsRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(W.tags)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(W.description)).toHaveAccessibleDescription(
      expect.stringContaining(TEXT.validation.descriptionRequired),
    );
    expect(api.calls(apiPaths.articles)).toHaveLength(0);
  });

  it("submits the article, says 'Article submitted for review.' and shows My Articles", async () => {
    const { api, person, router } = await openForm();

    await fillIn(person);
    await person.click(screen.getByLabelText(W.imageCaption));
    await person.paste('  The bridge at dawn. Photo: R. Tide ');
    await person.click(screen.getByRole('button', { name: W.submit }));

    expect(await screen.findByText(TEXT.toast.articleSubmitted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-articles'));
    const [post] = api.calls(apiPaths.articles);
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({
      title: 'Harbour bridge opens',
      image: uploaded.url,
      publisher: 'Civic Ledger',
      tags: ['Politics', 'Health'],
      description: 'The bridge opened at dawn.',
      imageCaption: 'The bridge at dawn. Photo: R. Tide',
    });
  });

  it("answers the one-article rule's 403 with the 'Not Allowed' warning and the server's message", async () => {
    const { person, router } = await openForm({
      submit: () => errorResponse(403, 'You cannot post more than one article.'),
    });

    await fillIn(person);
    await person.click(screen.getByRole('button', { name: W.submit }));

    const dialog = await screen.findByRole('alertdialog', { name: TEXT.addArticle.notAllowedTitle });
    expect(dialog).toHaveAccessibleDescription(TEXT.addArticle.oneArticleLimit);
    await person.click(within(dialog).getByRole('button', { name: W.ok }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/addArticle');
    expect(screen.getByLabelText(W.title)).toHaveValue('Harbour bridge opens');
  });

  it("answers any other failure with 'Error' / 'Something went wrong!'", async () => {
    const { person } = await openForm({ submit: () => errorResponse(500, 'Internal error') });

    await fillIn(person);
    await person.click(screen.getByRole('button', { name: W.submit }));

    const dialog = await screen.findByRole('alertdialog', { name: TEXT.addArticle.errorTitle });
    expect(within(dialog).getByText(TEXT.addArticle.errorBody)).toBeInTheDocument();
  });

  it("says 'Failed to load publishers.' when the publishers cannot be loaded", async () => {
    await openForm({ publisherList: () => errorResponse(404, 'Not found') });

    expect(await screen.findByText(TEXT.addArticle.publishersFailed)).toBeInTheDocument();
    expect(screen.getByLabelText(W.publisher)).toBeDisabled();
  });
});

describe("/addArticle's writer limit (docs/product.md#site-settings)", () => {
  async function openWithLimit(limit: number, held: number) {
    storeToken();
    stubApi({
      '/api/config': { ...config, writerArticleLimit: limit },
      ...sessionRoutes(user),
      [apiPaths.publishers]: publishers,
      [pathOf(apiPaths.userArticles(user.email))]: {
        articles: Array.from({ length: held }, (_, index) => myArticle({ _id: `mine-${index}` })),
        total: held,
      },
    });
    renderRoute('/addArticle');
    await screen.findByRole('heading', { level: 1, name: W.addHeading });
  }

  it("tells a writer who holds the site's limit before the work, in the limit's number", async () => {
    await openWithLimit(3, 3);
    const notice = await screen.findByRole('status', { name: WRITER_LIMIT_TEXT.reachedTitle(3) });
    expect(notice).toHaveTextContent(WRITER_LIMIT_TEXT.reachedBody(3));
    expect(WRITER_LIMIT_TEXT.refused(3)).toBe('You cannot post more than 3 articles.');
    expect(WRITER_LIMIT_TEXT.refused(1)).toBe(TEXT.addArticle.oneArticleLimit);
  });

  it('says nothing below the limit, nor with no limit', async () => {
    for (const [limit, held] of [
      [3, 2],
      [0, 5],
    ] as const) {
      await openWithLimit(limit, held);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByRole('heading', { name: /You already have/ })).toBeNull();
      cleanup();
    }
  });
});
