import { LIMITS, TEXT, type MyArticle } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { loadRouteModules, renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';
import { myArticle, pathOf } from '../../test/writing-fixtures';

const user = testUser();
const W = TEXT.writing;
const ids = { pending: 'a-pending', declined: 'a-declined', silent: 'a-silent', premium: 'a-premium' };

async function openMyArticles(initial: MyArticle[], path = '/my-articles') {
  storeToken();
  let articles = initial;
  const routes: Record<string, unknown> = {
    '/api/config': config,
    ...sessionRoutes(user),
    [pathOf(apiPaths.userArticles(user.email))]: (url: URL) => {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return { articles: articles.slice((page - 1) * limit, page * limit), total: articles.length };
    },
  };
  for (const item of initial) {
    routes[apiPaths.article(item._id)] = () => {
      articles = articles.filter((other) => other._id !== item._id);
      return { deletedCount: 1 };
    };
  }
  const api = stubApi(routes);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: W.myArticlesHeading });
  return { api, ...view, person: userEvent.setup() };
}

const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;

describe('/my-articles', () => {
  beforeAll(() => loadRouteModules('/my-articles'));

  const list = [
    myArticle({ _id: ids.pending, title: 'Pending piece' }),
    myArticle({ _id: ids.declined, title: 'Declined piece', status: 'declined', reason: 'Needs <b>sources</b>.' }),
    myArticle({ _id: ids.silent, title: 'Declined quietly', status: 'declined', reason: null }),
    myArticle({ _id: ids.premium, title: 'Premium piece', status: 'approved', isPremium: true }),
  ];

  it('lists # / Title / Status / Premium / Actions with Details, Update and Delete', async () => {
    await openMyArticles(list);
    await screen.findByRole('table');

    expect(document.title).toBe(`${W.myArticlesHeading} · ${config.siteName}`);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Title',
      'Status',
      'Premium',
      'Actions',
    ]);
    const premium = rowOf('Premium piece');
    expect(within(premium).getByRole('cell', { name: W.yes })).toBeInTheDocument();
    expect(within(premium).getByRole('link', { name: W.details })).toHaveAttribute('href', `/articles/${ids.premium}`);
    expect(within(premium).getByRole('link', { name: W.updateAction })).toHaveAttribute(
      'href',
      `/update-article/${ids.premium}`,
    );
    expect(within(premium).getByRole('button', { name: W.delete })).toBeInTheDocument();
    expect(within(rowOf('Pending piece')).getByRole('cell', { name: W.no })).toBeInTheDocument();
    expect(within(rowOf('Pending piece')).queryByRole('button', { name: W.reason })).not.toBeInTheDocument();
  });

  it("opens 'Decline Reason' with the reason as text, or 'No reason provided.'", async () => {
    const { person } = await openMyArticles(list);
    await screen.findByRole('table');

    await person.click(within(rowOf('Declined piece')).getByRole('button', { name: W.reason }));
    let dialog = await screen.findByRole('dialog', { name: TEXT.declineReason.title });
    expect(within(dialog).getByText('Needs <b>sources</b>.')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    await person.click(within(dialog).getByRole('button', { name: W.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(rowOf('Declined piece')).getByRole('button', { name: W.reason })).toHaveFocus();

    await person.click(within(rowOf('Declined quietly')).getByRole('button', { name: W.reason }));
    dialog = await screen.findByRole('dialog', { name: TEXT.declineReason.title });
    expect(within(dialog).getByText(TEXT.declineReason.none)).toBeInTheDocument();
  });

  it("asks 'Are you sure?' before deleting, then says 'Deleted!'", async () => {
    const { api, person } = await openMyArticles(list);
    await screen.findByRole('table');

    await person.click(within(rowOf('Pending piece')).getByRole('button', { name: W.delete }));
    let dialog = await screen.findByRole('alertdialog', { name: TEXT.confirm.title });
    expect(dialog).toHaveAccessibleDescription(TEXT.confirm.userDelete);
    await person.click(within(dialog).getByRole('button', { name: W.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(rowOf('Pending piece')).getByRole('button', { name: W.delete })).toHaveFocus();
    expect(api.calls(apiPaths.article(ids.pending))).toHaveLength(0);

    await person.click(within(rowOf('Pending piece')).getByRole('button', { name: W.delete }));
    dialog = await screen.findByRole('alertdialog', { name: TEXT.confirm.title });
    await person.click(within(dialog).getByRole('button', { name: W.confirmDelete }));

    expect(await screen.findByText(TEXT.toast.deleted)).toBeInTheDocument();
    expect(api.calls(apiPaths.article(ids.pending)).map((call) => call.method)).toEqual(['DELETE']);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Pending piece' })).not.toBeInTheDocument());
  });

  it('pages a long list 10 at a time, numbering on from the page before', async () => {
    const many = Array.from({ length: 12 }, (_, i) => myArticle({ _id: `a-${i}`, title: `Piece ${i + 1}` }));
    const { api, person, router } = await openMyArticles(many);
    await screen.findByRole('table');

    expect(screen.getAllByRole('row')).toHaveLength(1 + LIMITS.pageSize.myArticles);
    expect(api.calls(pathOf(apiPaths.userArticles(user.email)))[0]!.url.searchParams.get('limit')).toBe('10');
    await person.click(screen.getByRole('link', { name: `${TEXT.listing.page} 2` }));
    await screen.findByRole('cell', { name: 'Piece 11' });
    expect(router.state.location.search).toBe('?page=2');
    expect(within(rowOf('Piece 12')).getAllByRole('cell')[0]).toHaveTextContent('12');
  });

  it('shows the last page when the page asked for is past it', async () => {
    const { router } = await openMyArticles(list, '/my-articles?page=4');

    await screen.findByRole('cell', { name: 'Premium piece' });
    expect(router.state.location.search).toBe('?page=1');
  });

  it('invites a writer without articles to write one', async () => {
    await openMyArticles([]);

    expect(await screen.findByText(W.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: W.writeFirst })).toHaveAttribute('href', '/addArticle');
  });
});
