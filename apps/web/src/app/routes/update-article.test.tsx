import { ARTICLE_MESSAGES, TEXT, type Article } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';
import { article, ARTICLE_ID, myArticle, pathOf } from '../../test/writing-fixtures';

const author = testUser();
const W = TEXT.writing;

async function openUpdate(
  saved: Partial<Article> = {},
  patch: (url: URL, request: StubRequest) => unknown = () => ({ modifiedCount: 1 }),
) {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    ...sessionRoutes(author),
    [apiPaths.article(ARTICLE_ID)]: (_url: URL, request: StubRequest) =>
      request.method === 'PATCH' ? patch(_url, request) : { access: true, article: article(saved) },
    [pathOf(apiPaths.userArticles(author.email))]: [myArticle()],
  });
  const view = renderRoute(`/update-article/${ARTICLE_ID}`);
  await screen.findByRole('heading', { level: 1, name: W.updateHeading });
  if (!saved.author_email) await screen.findByLabelText(W.title);
  return { api, ...view, person: userEvent.setup() };
}

const patches = (api: Awaited<ReturnType<typeof openUpdate>>['api']) =>
  api.calls(apiPaths.article(ARTICLE_ID)).filter((call) => call.method === 'PATCH');

describe('/update-article/:id', () => {
  it('prefills title, description and tags, and warns that an approved article goes back to review', async () => {
    await openUpdate({ status: 'approved' });

    expect(screen.getByLabelText(W.title)).toHaveValue('Harbour bridge opens to traffic');
    expect(screen.getByLabelText(W.description)).toHaveValue(article().description);
    const form = screen.getByRole('button', { name: W.update }).closest('form') as HTMLElement;
    expect(within(form).getByText('Politics')).toBeInTheDocument();
    expect(within(form).getByText('Technology')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(TEXT.addArticle.backToReview);
  });

  it('warns for a declined article too', async () => {
    await openUpdate({ status: 'declined' });
    expect(screen.getByText(TEXT.addArticle.backToReview)).toBeInTheDocument();
  });

  it('does not warn about review for a pending article', async () => {
    await openUpdate({ status: 'pending' });
    expect(screen.queryByText(TEXT.addArticle.backToReview)).not.toBeInTheDocument();
  });

  it("saves the edit, says 'Article updated!' and goes to /my-articles without asking", async () => {
    const { api, person, router } = await openUpdate({ status: 'pending' });

    await person.clear(screen.getByLabelText(W.title));
    await person.type(screen.getByLabelText(W.title), 'Harbour bridge opens early');
    await person.type(screen.getByLabelText(W.tags), 'Spo{Enter}');
    await person.click(screen.getByRole('button', { name: W.update }));

    expect(await screen.findByText(TEXT.toast.articleUpdated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-articles'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(patches(api)[0]?.body).toEqual({
      title: 'Harbour bridge opens early',
      description: article().description,
      tags: ['Politics', 'Technology', 'Sports'],
    });
  });

  it('requires title, description and a tag', async () => {
    const { api, person } = await openUpdate();

    await person.clear(screen.getByLabelText(W.title));
    await person.clear(screen.getByLabelText(W.description));
    await person.click(screen.getByRole('button', { name: W.update }));

    expect(await screen.findByLabelText(W.title)).toHaveAccessibleDescription(TEXT.validation.titleRequired);
    expect(screen.getByLabelText(W.description)).toHaveAccessibleDescription(
      expect.stringContaining(TEXT.validation.descriptionRequired),
    );
    expect(patches(api)).toHaveLength(0);
  });

  it("asks before leaving with unsaved edits and says 'Changes are not saved' when they are dropped", async () => {
    const { api, person, router } = await openUpdate();
    await person.type(screen.getByLabelText(W.title), '!');

    await person.click(within(screen.getByRole('banner')).getByRole('link', { name: TEXT.nav.myArticles }));
    const dialog = await screen.findByRole('alertdialog', { name: TEXT.unsaved.title });
    await person.click(within(dialog).getByRole('button', { name: TEXT.unsaved.leave }));

    expect(await screen.findByText(TEXT.toast.changesNotSaved)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-articles'));
    expect(patches(api)).toHaveLength(0);
  });

  it('shows an error instead of the form to someone who is not the author', async () => {
    await openUpdate({ author_email: 'other@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLE_MESSAGES.onlyAuthorMayEdit);
    expect(screen.queryByRole('button', { name: W.update })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when it answers 403", async () => {
    const { person } = await openUpdate({}, () => errorResponse(403, ARTICLE_MESSAGES.onlyAuthorMayEdit));
    await person.type(screen.getByLabelText(W.title), '!');
    await person.click(screen.getByRole('button', { name: W.update }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLE_MESSAGES.onlyAuthorMayEdit);
    expect(screen.queryByRole('button', { name: W.update })).not.toBeInTheDocument();
  });
});
