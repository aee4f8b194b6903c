import {
  DESK_TEXT,
  READERS_TEXT,
  TEXT,
  type HistoryPage,
  type MyArticle,
  type Revision,
  type TimelineEntry,
  TIMELINE_TEXT,
} from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { stubApi, type StubRequest } from '../../test/api-stub';
import { admin, openDashboard } from '../../test/admin';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';
import { adminArticle, article, ARTICLE_ID, myArticle, pathOf } from '../../test/writing-fixtures';

const D = TEXT.dashboard;
const W = TEXT.writing;
const writer = testUser({ email: 'reader@example.com', name: 'Rosa Reader' });
const NOTE = 'Say which council, and quote the vote.';

const revision = (overrides: Partial<Revision>): Revision => ({
  _id: 'rev-1',
  number: 1,
  title: 'Council meets',
  description: 'The council met on Monday.',
  tags: ['Politics'],
  author_name: 'Rosa Reader',
  createdAt: '2025-03-04T10:30:00.000Z',
  ...overrides,
});

const rowOf = async (title: string) => (await screen.findByText(title, {})).closest('tr') as HTMLElement;

describe('review with requested changes, for the editor', () => {
  const articles = [
    adminArticle({ _id: 'pending-1', title: 'Pending piece', status: 'pending' }),
    adminArticle({ _id: 'back-1', title: 'Resubmitted piece', status: 'pending', hasReviewedVersion: true }),
    adminArticle({ _id: 'changes-1', title: 'Piece with changes asked', status: 'changes_requested' }),
  ];
  const open = (path = '/dashboard/all-articles') =>
    openDashboard(path, {
      [apiPaths.adminArticles]: {
        articles,
        total: articles.length,
        counts: { pending: 2, changes_requested: 1, approved: 0, declined: 0 },
      },
      [apiPaths.requestChanges('pending-1')]: { modifiedCount: 1 },
      [apiPaths.articleReview('back-1')]: {
        note: NOTE,
        reviewed: revision({}),
        current: revision({ _id: 'rev-2', number: 2, description: 'The city council met on Monday.' }),
      },
    });

  it("asks for a note before 'Request changes' (in the row's menu), in the shared words, then sends it", async () => {
    const { api, person } = open();
    const menuButton = within(await rowOf('Pending piece')).getByRole('button', { name: DESK_TEXT.moreActions });
    await person.click(menuButton);
    await person.click(await screen.findByRole('menuitem', { name: D.requestChanges }));
    const dialog = await screen.findByRole('dialog', { name: D.requestChangesTitle });
    await person.click(within(dialog).getByRole('button', { name: D.requestChanges }));

    expect(await within(dialog).findByText(TEXT.validation.noteRequired)).toBeInTheDocument();
    expect(api.calls(apiPaths.requestChanges('pending-1'))).toHaveLength(0);

    await person.type(within(dialog).getByLabelText(D.note), NOTE);
    await person.click(within(dialog).getByRole('button', { name: D.requestChanges }));
    expect(await screen.findByText(TEXT.toast.changesRequested)).toBeInTheDocument();
    // The note's dialog hands focus back to the menu's button.
    await waitFor(() => expect(menuButton).toHaveFocus());
    const [call] = api.calls(apiPaths.requestChanges('pending-1'));
    expect(call?.method).toBe('PATCH');
    expect((call as StubRequest).body).toEqual({ note: NOTE });
  });

  it("labels a sent-back article 'Changes requested' and offers only Delete and, in its menu, Preview on it", async () => {
    const { person } = open();
    const row = await rowOf('Piece with changes asked');
    expect(within(row).getByText(W.statuses.changes_requested)).toBeInTheDocument();
    expect(within(row).getAllByRole('button', { name: D.delete })).toHaveLength(1);
    expect(within(row).getAllByRole('button')).toHaveLength(2);
    await person.click(within(row).getByRole('button', { name: DESK_TEXT.moreActions }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([DESK_TEXT.preview, READERS_TEXT.keepForSignedIn]);
  });

  it("shows what changed since the review as a word-level diff, from the row's menu", async () => {
    const { person } = open();
    const row = await rowOf('Resubmitted piece');
    await person.click(within(await rowOf('Pending piece')).getByRole('button', { name: DESK_TEXT.moreActions }));
    expect(screen.queryByRole('menuitem', { name: D.viewChanges })).toBeNull();
    await person.keyboard('{Escape}');
    await person.click(within(row).getByRole('button', { name: DESK_TEXT.moreActions }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([DESK_TEXT.preview, D.viewChanges, D.requestChanges, READERS_TEXT.keepForSignedIn]);
    await person.click(screen.getByRole('menuitem', { name: D.viewChanges }));

    const dialog = await screen.findByRole('dialog', { name: D.diffTitle });
    expect(await within(dialog).findByText(NOTE)).toBeInTheDocument();
    const added = dialog.querySelectorAll('ins');
    expect([...added].map((element) => element.textContent)).toEqual([`[${D.diffAdded}: city ]`]);
    expect(dialog.querySelectorAll('del')).toHaveLength(0);
    expect(within(dialog).getAllByText(`(${D.diffNoChange})`)).toHaveLength(2);
  });

  it('filters the list by status, keeping it in the URL', async () => {
    const { api, person, router } = open();
    await rowOf('Pending piece');
    await person.selectOptions(screen.getByLabelText(D.statusFilter), `${W.statuses.changes_requested} (1)`);

    await waitFor(() =>
      expect(api.requests(apiPaths.adminArticles).at(-1)?.searchParams.get('status')).toBe('changes_requested'),
    );
    expect(router.state.location.search).toBe('?status=changes_requested');
  });
});

describe('review with requested changes, for the writer', () => {
  async function openMine(list: MyArticle[]) {
    storeToken();
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(writer),
      [pathOf(apiPaths.userArticles(writer.email))]: { articles: list, total: list.length },
      [apiPaths.resubmitArticle('changes-1')]: { modifiedCount: 1 },
    });
    renderRoute('/my-articles');
    await screen.findByRole('table', {});
    return { api, person: userEvent.setup() };
  }

  it("shows 'Changes requested' with the editor's note, and resubmits after a confirmation", async () => {
    const { api, person } = await openMine([
      myArticle({ _id: 'changes-1', title: 'Council meets', status: 'changes_requested', changesNote: NOTE }),
      myArticle({ _id: 'pending-1', title: 'Another piece' }),
    ]);
    const row = (await screen.findByRole('cell', { name: 'Council meets' })).closest('tr') as HTMLElement;
    expect(within(row).getByText(W.statuses.changes_requested)).toBeInTheDocument();
    const other = screen.getByRole('cell', { name: 'Another piece' }).closest('tr') as HTMLElement;
    expect(within(other).queryByRole('button', { name: TEXT.resubmit.action })).toBeNull();

    await person.click(within(row).getByRole('button', { name: TEXT.changesNote.button }));
    const note = await screen.findByRole('dialog', { name: TEXT.changesNote.title });
    expect(within(note).getByText(NOTE)).toBeInTheDocument();
    await person.click(within(note).getByRole('button', { name: W.close }));

    await person.click(within(row).getByRole('button', { name: TEXT.resubmit.action }));
    const confirm = await screen.findByRole('alertdialog', { name: TEXT.resubmit.title });
    expect(api.calls(apiPaths.resubmitArticle('changes-1'))).toHaveLength(0);
    await person.click(within(confirm).getByRole('button', { name: TEXT.resubmit.action }));

    expect(await screen.findByText(TEXT.toast.articleResubmitted)).toBeInTheDocument();
    expect(api.calls(apiPaths.resubmitArticle('changes-1')).map((call) => call.method)).toEqual(['PATCH']);
  });

  it("shows the note, the timeline without the editor's name, and the revisions on the article page", async () => {
    storeToken();
    const timeline: TimelineEntry[] = [
      {
        _id: 't1',
        action: 'request-changes',
        note: NOTE,
        at: '2025-03-05T09:00:00.000Z',
        byAuthor: false,
        actor: null,
      },
    ];
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(writer),
      [apiPaths.article(ARTICLE_ID)]: {
        access: true,
        article: article({ status: 'changes_requested', changesNote: NOTE }),
      },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 1 },
      [apiPaths.articleTimeline(ARTICLE_ID)]: { entries: timeline },
      [apiPaths.articleRevisions(ARTICLE_ID)]: {
        revisions: [revision({ _id: 'rev-2', number: 2, title: 'Council meets again' }), revision({})],
      },
      [apiPaths.restoreRevision(ARTICLE_ID, 'rev-1')]: { modifiedCount: 1 },
    });
    renderRoute(`/articles/${ARTICLE_ID}`);
    const person = userEvent.setup();

    const banner = (await screen.findByRole('heading', { name: TEXT.changesNote.heading })).closest(
      'section',
    ) as HTMLElement;
    expect(within(banner).getByText(NOTE)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: TEXT.resubmit.action })).toBeInTheDocument();

    const history = (await screen.findByRole('heading', { name: TIMELINE_TEXT.heading, level: 3 })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(history).findByText(TIMELINE_TEXT.actions['request-changes'])).toBeInTheDocument();
    expect(within(history).getByText(new RegExp(TIMELINE_TEXT.editor))).toBeInTheDocument();
    expect(within(history).queryByText(new RegExp(admin.name))).toBeNull();

    const revisions = (await screen.findByRole('heading', { name: TEXT.revisions.heading })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(revisions).findByText(TEXT.revisions.number(2))).toBeInTheDocument();
    // Only an older revision can be restored, after a confirmation.
    expect(within(revisions).getAllByRole('button', { name: TEXT.revisions.restore })).toHaveLength(1);
    await person.click(within(revisions).getByRole('button', { name: TEXT.revisions.restore }));
    const confirm = await screen.findByRole('alertdialog', { name: TEXT.revisions.restoreTitle });
    await person.click(within(confirm).getByRole('button', { name: TEXT.revisions.restore }));
    expect(await screen.findByText(TEXT.toast.revisionRestored)).toBeInTheDocument();
    expect(api.calls(apiPaths.restoreRevision(ARTICLE_ID, 'rev-1')).map((call) => call.method)).toEqual(['POST']);
  });
});

describe('/dashboard/history', () => {
  const page: HistoryPage = {
    entries: [
      {
        _id: 'h1',
        action: 'request-changes',
        note: NOTE,
        at: '2025-03-05T09:00:00.000Z',
        actor: { _id: 'admin-1', name: 'Edna Editor', email: 'editor@dispatch.test' },
        article: { _id: 'article-1', title: 'Council meets' },
      },
      {
        _id: 'h2',
        action: 'delete',
        note: null,
        at: '2025-03-04T09:00:00.000Z',
        actor: { _id: 'admin-1', name: 'Edna Editor', email: 'editor@dispatch.test' },
        article: { _id: 'article-2', title: null },
      },
    ],
    total: 12,
    actors: [{ _id: 'admin-1', name: 'Edna Editor', email: 'editor@dispatch.test' }],
  };

  it('lists who did what, when, to which article, with the note; filters and pages through the URL', async () => {
    const { api, person, router } = openDashboard('/dashboard/history', { [apiPaths.adminHistory]: page });
    expect(await screen.findByRole('heading', { level: 1, name: D.history })).toBeInTheDocument();
    const first = await rowOf(NOTE);
    expect(within(first).getByText('Edna Editor')).toBeInTheDocument();
    expect(within(first).getByText(TIMELINE_TEXT.actions['request-changes'])).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Council meets' })).toHaveAttribute('href', '/articles/article-1');
    expect(within(await rowOf(D.deletedArticle)).getByText(TIMELINE_TEXT.actions.delete)).toBeInTheDocument();
    expect(api.requests(apiPaths.adminHistory)[0]?.searchParams.get('limit')).toBe('10');

    await person.selectOptions(screen.getByLabelText(D.historyAction), TIMELINE_TEXT.actions.resubmit);
    await waitFor(() =>
      expect(api.requests(apiPaths.adminHistory).at(-1)?.searchParams.get('action')).toBe('resubmit'),
    );
    await person.selectOptions(screen.getByLabelText(D.historyBy), 'Edna Editor');
    await waitFor(() => expect(api.requests(apiPaths.adminHistory).at(-1)?.searchParams.get('actor')).toBe('admin-1'));

    await person.click(within(await rowOf(NOTE)).getByRole('link', { name: D.onlyThisArticle }));
    await waitFor(() =>
      expect(api.requests(apiPaths.adminHistory).at(-1)?.searchParams.get('article')).toBe('article-1'),
    );
    expect(new URLSearchParams(router.state.location.search).get('article')).toBe('article-1');
    await person.click(screen.getByRole('link', { name: `${TEXT.listing.page} 2` }));
    await waitFor(() => expect(api.requests(apiPaths.adminHistory).at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it('says so when nothing matches', async () => {
    openDashboard('/dashboard/history', { [apiPaths.adminHistory]: { entries: [], total: 0, actors: [] } });
    expect(await screen.findByText(D.noHistory, {})).toBeInTheDocument();
  });
});
