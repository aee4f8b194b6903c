import { ARTICLE_MESSAGES, READERS_TEXT, TEXT, type AdminArticle, DESK_TEXT } from '@dispatch/shared';
import { QueryObserver } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { approvedArticlesQueryOptions, articleQueryOptions } from '../../../api/articles-public';
import { apiPaths } from '../../../lib/paths';
import { errorResponse, type StubRequest } from '../../../test/api-stub';
import { openDashboard } from '../../../test/admin';
import { articleCard } from '../../../test/fixtures';
import { adminArticle, article } from '../../../test/writing-fixtures';

const D = TEXT.dashboard;

const articles: AdminArticle[] = [
  adminArticle({ _id: 'pending-1', title: 'Pending piece', status: 'pending' }),
  adminArticle({ _id: 'approved-1', title: 'Approved piece', status: 'approved', isPremium: false }),
  adminArticle({
    _id: 'premium-1',
    title: 'Premium piece',
    status: 'approved',
    isPremium: true,
    decidedBy: { name: 'Edna Editor', email: 'editor@dispatch.test' },
    decidedAt: '2025-03-05T09:15:00.000Z',
  }),
  adminArticle({ _id: 'declined-1', title: 'Declined piece', status: 'declined', declineReason: 'Thin.' }),
];
/** The whole table's statuses, as the server counts them (more than one page holds). */
const counts = { pending: 3, changes_requested: 0, approved: 15, declined: 5 };
const none = { pending: 0, changes_requested: 0, approved: 0, declined: 0 };

function openAllArticles(routes: Record<string, unknown> = {}) {
  return openDashboard('/dashboard/all-articles', {
    [apiPaths.adminArticles]: { articles, total: 23, counts },
    [apiPaths.approveArticle('pending-1')]: { modifiedCount: 1 },
    [apiPaths.declineArticle('pending-1')]: { modifiedCount: 1 },
    [apiPaths.makeArticlePremium('approved-1')]: { modifiedCount: 1 },
    [apiPaths.article('declined-1')]: { deletedCount: 1 },
    ...routes,
  });
}

const rowOf = async (title: string) => (await screen.findByText(title, {})).closest('tr') as HTMLElement;
/** A row's buttons by their accessible names (the menu's button is three dots named "More actions"). */
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);
/** Opens a row's menu, reads its items and closes it with Escape. */
async function menuOf(person: UserEvent, row: HTMLElement) {
  await person.click(within(row).getByRole('button', { name: DESK_TEXT.moreActions }));
  const menu = await screen.findByRole('menu', { name: DESK_TEXT.moreActions });
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await person.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

describe('/dashboard/all-articles', () => {
  it("shows SPEC's actions as buttons, Approve and Decline only on pending rows, Make Premium only on approved non-premium rows, Delete everywhere, and the rest in each row's menu", async () => {
    const { api, person } = openAllArticles();

    expect(buttonsOf(await rowOf('Pending piece'))).toEqual([D.approve, D.decline, D.delete, DESK_TEXT.moreActions]);
    expect(buttonsOf(await rowOf('Approved piece'))).toEqual([D.makePremium, D.delete, DESK_TEXT.moreActions]);
    expect(buttonsOf(await rowOf('Premium piece'))).toEqual([D.delete, DESK_TEXT.moreActions]);
    expect(buttonsOf(await rowOf('Declined piece'))).toEqual([D.delete, DESK_TEXT.moreActions]);
    const keep = READERS_TEXT.keepForSignedIn;
    expect(await menuOf(person, await rowOf('Pending piece'))).toEqual([DESK_TEXT.preview, D.requestChanges, keep]);
    expect(await menuOf(person, await rowOf('Approved piece'))).toEqual([DESK_TEXT.preview, keep]);
    expect(await menuOf(person, await rowOf('Declined piece'))).toEqual([DESK_TEXT.preview, keep]);
    expect(api.requests(apiPaths.adminArticles)[0]?.searchParams.get('limit')).toBe('10');
  });

  it('shows the author, and who decided and when', async () => {
    openAllArticles();
    const row = await rowOf('Premium piece');
    expect(within(row).getByText('Rosa Reader')).toBeInTheDocument();
    expect(within(row).getByText('reader@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Edna Editor')).toBeInTheDocument();
    expect(within(row).getByText(/Mar 5, 2025/)).toBeInTheDocument();
    expect(within(await rowOf('Pending piece')).getByText(D.notDecided)).toBeInTheDocument();
  });

  it("approves a pending article: 'Article has been approved!'", async () => {
    const { api, person } = openAllArticles();
    await person.click(within(await rowOf('Pending piece')).getByRole('button', { name: D.approve }));

    expect(await screen.findByText(TEXT.toast.articleApproved)).toBeInTheDocument();
    expect(api.calls(apiPaths.approveArticle('pending-1')).map((call) => call.method)).toEqual(['PATCH']);
  });

  it('refreshes the approved list a reader has open, and the article, when the desk approves it', async () => {
    let approved = false;
    const { api, person, queryClient } = openAllArticles({
      [apiPaths.approveArticle('pending-1')]: () => {
        approved = true;
        return { modifiedCount: 1 };
      },
      [apiPaths.approvedArticles]: () =>
        approved
          ? { articles: [articleCard({ _id: 'pending-1', title: 'Pending piece' })], total: 1 }
          : { articles: [], total: 0 },
    });
    // The reader's list, open in the same query client as /articles keeps it: an active query.
    const readerList = new QueryObserver(
      queryClient,
      approvedArticlesQueryOptions({ search: '', publisher: '', tag: '', page: 1 }),
    );
    onTestFinished(readerList.subscribe(() => undefined));
    await waitFor(() => expect(readerList.getCurrentResult().data?.total).toBe(0));
    // The article's page, read earlier while it was pending.
    const articleKey = articleQueryOptions('pending-1').queryKey;
    queryClient.setQueryData(articleKey, { access: true, article: article({ _id: 'pending-1', status: 'pending' }) });

    await person.click(within(await rowOf('Pending piece')).getByRole('button', { name: D.approve }));

    // Within the test's time, so that a list never read again fails with what it still shows.
    await waitFor(
      () => expect(readerList.getCurrentResult().data?.articles.map((card) => card.title)).toEqual(['Pending piece']),
      { timeout: 2000 },
    );
    expect(api.calls(apiPaths.approvedArticles)).toHaveLength(2);
    expect(queryClient.getQueryState(articleKey)?.isInvalidated).toBe(true);
  });

  it("asks for the reason before declining: 'Article has been declined!'", async () => {
    const { api, person } = openAllArticles();
    await person.click(within(await rowOf('Pending piece')).getByRole('button', { name: D.decline }));

    const dialog = await screen.findByRole('dialog', { name: D.declineTitle });
    expect(api.calls(apiPaths.declineArticle('pending-1'))).toHaveLength(0);
    await person.type(within(dialog).getByLabelText(D.reason), 'Please cite your sources.');
    await person.click(within(dialog).getByRole('button', { name: D.decline }));

    expect(await screen.findByText(TEXT.toast.articleDeclined)).toBeInTheDocument();
    const [decline] = api.calls(apiPaths.declineArticle('pending-1'));
    expect(decline?.method).toBe('PATCH');
    expect((decline as StubRequest).body).toEqual({ reason: 'Please cite your sources.' });
  });

  it("makes an approved article premium: 'Article has been premium!'", async () => {
    const { api, person } = openAllArticles();
    await person.click(within(await rowOf('Approved piece')).getByRole('button', { name: D.makePremium }));

    expect(await screen.findByText(TEXT.toast.articlePremium)).toBeInTheDocument();
    expect(api.calls(apiPaths.makeArticlePremium('approved-1'))).toHaveLength(1);
  });

  it("deletes after 'Are you sure?' / 'This article will be deleted permanently.': 'Deleted!'", async () => {
    const { api, person } = openAllArticles();
    await person.click(within(await rowOf('Declined piece')).getByRole('button', { name: D.delete }));

    const dialog = await screen.findByRole('alertdialog', { name: TEXT.confirm.title });
    expect(dialog).toHaveAccessibleDescription(TEXT.confirm.adminDelete);
    await person.click(within(dialog).getByRole('button', { name: TEXT.writing.confirmDelete }));

    expect(await screen.findByText(TEXT.toast.deleted)).toBeInTheDocument();
    expect(api.calls(apiPaths.article('declined-1')).map((call) => call.method)).toEqual(['DELETE']);
  });

  it('sends one request for a double click, and says it worked', async () => {
    const { api } = openAllArticles();
    const button = within(await rowOf('Approved piece')).getByRole('button', { name: D.makePremium });
    // Both clicks land before React renders again, as a quick double click can.
    fireEvent.click(button);
    fireEvent.click(button);

    expect(await screen.findByText(TEXT.toast.articlePremium)).toBeInTheDocument();
    expect(api.calls(apiPaths.makeArticlePremium('approved-1'))).toHaveLength(1);
  });

  it('toasts each of two decisions made one after the other', async () => {
    const { person } = openAllArticles();
    await person.click(within(await rowOf('Pending piece')).getByRole('button', { name: D.approve }));
    await person.click(within(await rowOf('Approved piece')).getByRole('button', { name: D.makePremium }));

    expect(await screen.findByText(TEXT.toast.articleApproved)).toBeInTheDocument();
    expect(await screen.findByText(TEXT.toast.articlePremium)).toBeInTheDocument();
  });

  it('shows the last page when the page asked for is past it', async () => {
    const { router } = openDashboard('/dashboard/all-articles?page=9', {
      [apiPaths.adminArticles]: (url: URL) => ({
        articles: url.searchParams.get('page') === '3' ? articles : [],
        total: 23,
        counts,
      }),
    });

    await rowOf('Pending piece');
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.queryByText(D.noArticles)).not.toBeInTheDocument();
  });

  it('says which status has no articles when a filter finds none', async () => {
    openDashboard('/dashboard/all-articles?status=changes_requested', {
      [apiPaths.adminArticles]: () => ({ articles: [], total: 0, counts: none }),
    });

    expect(await screen.findByText(D.noArticlesInStatus(TEXT.writing.statuses.changes_requested))).toBeInTheDocument();
    expect(screen.queryByText(D.noArticles)).not.toBeInTheDocument();
  });

  it("toasts the server's message when a decision is refused", async () => {
    const { person } = openAllArticles({
      [apiPaths.approveArticle('pending-1')]: () => errorResponse(409, ARTICLE_MESSAGES.notPending),
    });
    await person.click(within(await rowOf('Pending piece')).getByRole('button', { name: D.approve }));

    expect(await screen.findByText(ARTICLE_MESSAGES.notPending)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.toast.articleApproved)).not.toBeInTheDocument();
  });

  it('pages ten at a time', async () => {
    const { api, person } = openAllArticles();
    await rowOf('Pending piece');

    await person.click(screen.getByRole('link', { name: `${TEXT.listing.page} 3` }));

    await waitFor(() => expect(api.requests(apiPaths.adminArticles).at(-1)?.searchParams.get('page')).toBe('3'));
  });
});

describe("/dashboard/all-articles: the editor's desk", () => {
  const lastQuery = (api: ReturnType<typeof openAllArticles>['api']) =>
    api.requests(apiPaths.adminArticles).at(-1)?.searchParams;

  it('opens on every article with each status counted, and keeps a chosen status in the URL', async () => {
    const { api, person, router } = openAllArticles();
    await rowOf('Pending piece');
    expect(lastQuery(api)?.has('status')).toBe(false);
    const filter = screen.getByLabelText(D.statusFilter);
    expect(filter).toHaveDisplayValue(`${D.allStatuses} (23)`);
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      `${D.allStatuses} (23)`,
      `${TEXT.writing.statuses.pending} (3)`,
      `${TEXT.writing.statuses.changes_requested} (0)`,
      `${TEXT.writing.statuses.approved} (15)`,
      `${TEXT.writing.statuses.declined} (5)`,
    ]);

    await person.selectOptions(filter, 'pending');
    await waitFor(() => expect(lastQuery(api)?.get('status')).toBe('pending'));
    expect(router.state.location.search).toBe('?status=pending');

    await person.selectOptions(filter, 'all');
    await waitFor(() => expect(lastQuery(api)?.has('status')).toBe(false));
    expect(router.state.location.search).toBe('');
  });

  it("opens on Pending from ?status=pending (the link in editors' notices), and on every article from ?status=all", async () => {
    const pending = openDashboard('/dashboard/all-articles?status=pending', {
      [apiPaths.adminArticles]: { articles: articles.slice(0, 1), total: 3, counts },
    });
    await rowOf('Pending piece');
    expect(pending.api.requests(apiPaths.adminArticles).at(-1)?.searchParams.get('status')).toBe('pending');
    expect(screen.getByLabelText(D.statusFilter)).toHaveDisplayValue(`${TEXT.writing.statuses.pending} (3)`);
    pending.unmount();

    const all = openDashboard('/dashboard/all-articles?status=all', {
      [apiPaths.adminArticles]: { articles, total: 23, counts },
    });
    await rowOf('Declined piece');
    expect(all.api.requests(apiPaths.adminArticles).at(-1)?.searchParams.has('status')).toBe(false);
    expect(screen.getByLabelText(D.statusFilter)).toHaveDisplayValue(`${D.allStatuses} (23)`);
  });

  it('searches on the server by title or author, keeping the status and starting at page one', async () => {
    const { api, person, router } = openDashboard('/dashboard/all-articles?status=approved&page=2', {
      [apiPaths.adminArticles]: (url: URL) => ({
        articles: url.searchParams.get('q') === 'rosa' ? [] : articles,
        total: url.searchParams.get('q') === 'rosa' ? 0 : 23,
        counts: url.searchParams.get('q') === 'rosa' ? none : counts,
      }),
    });
    await rowOf('Pending piece');
    await person.type(screen.getByRole('searchbox', { name: DESK_TEXT.searchArticles }), 'rosa{Enter}');

    await waitFor(() => expect(lastQuery(api)?.get('q')).toBe('rosa'));
    expect(lastQuery(api)?.get('status')).toBe('approved');
    expect(lastQuery(api)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?status=approved&q=rosa');
    expect(await screen.findByText(DESK_TEXT.noArticlesMatch('rosa'))).toBeInTheDocument();
  });

  it("opens a row's menu from the keyboard: Enter on its first item, arrows, Home and End move, Escape closes it back on its button", async () => {
    const { person } = openAllArticles();
    const row = await rowOf('Pending piece');
    const button = within(row).getByRole('button', { name: DESK_TEXT.moreActions });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAccessibleDescription('Pending piece');
    button.focus();

    await person.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: DESK_TEXT.moreActions });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item(DESK_TEXT.preview)).toHaveFocus();
    await person.keyboard('{ArrowDown}');
    expect(item(D.requestChanges)).toHaveFocus();
    await person.keyboard('{ArrowDown}');
    expect(item(READERS_TEXT.keepForSignedIn)).toHaveFocus();
    await person.keyboard('{ArrowDown}');
    expect(item(DESK_TEXT.preview)).toHaveFocus();
    await person.keyboard('{End}');
    expect(item(READERS_TEXT.keepForSignedIn)).toHaveFocus();
    await person.keyboard('{Home}');
    expect(item(DESK_TEXT.preview)).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    // ↑ opens it on its last item; a press outside closes it.
    await person.keyboard('{ArrowUp}');
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: READERS_TEXT.keepForSignedIn }),
    ).toHaveFocus();
    await person.click(screen.getByRole('heading', { level: 1, name: D.allArticles }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('previews the whole submission from the menu and approves it from the preview; Escape closes it, focus back on the menu button', async () => {
    const { api, person } = openAllArticles({
      [apiPaths.article('pending-1')]: {
        access: true,
        article: article({ _id: 'pending-1', title: 'Pending piece', status: 'pending' }),
      },
    });
    const button = within(await rowOf('Pending piece')).getByRole('button', { name: DESK_TEXT.moreActions });
    button.focus();
    await person.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: DESK_TEXT.preview })).toHaveFocus();
    await person.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Pending piece' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(await within(dialog).findByText('Commuters cheered as the first buses crossed.')).toBeInTheDocument();
    expect(within(dialog).getByText('The bridge opened at dawn.')).toBeInTheDocument();
    expect(within(dialog).getByText('reader@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Politics, Technology')).toBeInTheDocument();
    expect(within(dialog).getByText(TEXT.writing.statuses.pending)).toBeInTheDocument();
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();

    await person.click(button);
    await person.click(await screen.findByRole('menuitem', { name: DESK_TEXT.preview }));
    const again = await screen.findByRole('dialog', { name: 'Pending piece' });
    await person.click(within(again).getByRole('button', { name: D.approve }));
    expect(await screen.findByText(TEXT.toast.articleApproved)).toBeInTheDocument();
    expect(api.calls(apiPaths.approveArticle('pending-1')).map((call) => call.method)).toEqual(['PATCH']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('declines from the preview after asking the reason, in a dialog above it', async () => {
    const { api, person } = openAllArticles({
      [apiPaths.article('pending-1')]: { access: true, article: article({ _id: 'pending-1', status: 'pending' }) },
    });
    await person.click(within(await rowOf('Pending piece')).getByRole('button', { name: DESK_TEXT.moreActions }));
    await person.click(await screen.findByRole('menuitem', { name: DESK_TEXT.preview }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending piece' });
    await person.click(within(dialog).getByRole('button', { name: D.decline }));
    const reason = await screen.findByRole('dialog', { name: D.declineTitle });
    await person.type(within(reason).getByLabelText(D.reason), 'Thin sourcing.');
    await person.click(within(reason).getByRole('button', { name: D.decline }));

    expect(await screen.findByText(TEXT.toast.articleDeclined)).toBeInTheDocument();
    expect((api.calls(apiPaths.declineArticle('pending-1'))[0] as StubRequest).body).toEqual({
      reason: 'Thin sourcing.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
