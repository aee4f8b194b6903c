import { CORRECTION_TEXT, TEXT, type Correction, type CorrectionListEntry, type Revision } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths } from '../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../test/api-stub';
import { admin } from '../../test/admin';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, testUser } from '../../test/session';
import { article, ARTICLE_ID } from '../../test/writing-fixtures';

const C = CORRECTION_TEXT;
const MARKUP_NOTE = 'An earlier version said <b>nine</b> & not <i>seven</i>.';

const correction = (overrides: Partial<Correction> = {}): Correction => ({
  _id: 'c1',
  note: 'An earlier version gave the wrong date.',
  createdAt: '2025-03-06T12:00:00.000Z',
  revision: { _id: 'rev-2', number: 2 },
  ...overrides,
});
const listed = (overrides: Partial<CorrectionListEntry> = {}): CorrectionListEntry => ({
  ...correction(),
  article: { _id: ARTICLE_ID, title: 'Harbour bridge opens to traffic' },
  ...overrides,
});
const revisionId = (number: number) => `6f1c9a52-6a43-4b57-9b52-1d9e0a7f4c1${number}`;
const revision = (number: number): Revision => ({
  _id: revisionId(number),
  number,
  title: 'Harbour bridge opens to traffic',
  description: 'The bridge opened at dawn.',
  tags: ['Politics'],
  author_name: 'Rosa Reader',
  createdAt: `2025-03-0${number}T10:30:00.000Z`,
});

describe('/corrections', () => {
  const open = (routes: Record<string, unknown>) => {
    const api = stubApi({ '/api/config': config, ...routes });
    renderRoute('/corrections');
    return api;
  };

  it('lists the corrections newest first, each with its article, its day and its note as text', async () => {
    const api = open({
      [apiPaths.corrections]: {
        corrections: [
          listed({ _id: 'c2', note: MARKUP_NOTE, article: { _id: 'a2', title: 'Council vote' } }),
          listed(),
        ],
        total: 2,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: C.heading })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    const [first, second] = items.filter((item) => item.querySelector('h2'));
    expect(within(first!).getByRole('link', { name: 'Council vote' })).toHaveAttribute(
      'href',
      paths.articleCorrections('a2'),
    );
    expect(within(first!).getByText(MARKUP_NOTE)).toBeInTheDocument();
    expect(first!.querySelector('b')).toBeNull();
    expect(within(second!).getByText('An earlier version gave the wrong date.')).toBeInTheDocument();
    expect(second!.querySelector('time')).toHaveAttribute('datetime', '2025-03-06T12:00:00.000Z');
    expect(second!.querySelector('time')).toHaveTextContent('March 6, 2025');
    expect(screen.getByRole('link', { name: C.feedRss })).toHaveAttribute('href', paths.correctionsRss);
    expect(api.calls(apiPaths.corrections)[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('pages through the URL', async () => {
    const api = open({
      [apiPaths.corrections]: (url: URL) => ({
        corrections: [
          listed({ _id: `c-${url.searchParams.get('page')}`, note: `Page ${url.searchParams.get('page')}` }),
        ],
        total: 11,
      }),
    });
    await screen.findByText('Page 1', {});
    await userEvent.setup().click(screen.getByRole('link', { name: `${TEXT.listing.page} 2` }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(api.calls(apiPaths.corrections).map((call) => call.url.searchParams.get('page'))).toContain('2');
  });

  it('says when there are none', async () => {
    open({ [apiPaths.corrections]: { corrections: [], total: 0 } });
    expect(await screen.findByText(C.empty, {})).toBeInTheDocument();
  });
});

describe('corrections on the article page', () => {
  it('shows them to a reader who gets the teaser of a premium article', async () => {
    storeToken();
    const premium = article({ isPremium: true });
    const { description: _text, ...rest } = premium;
    stubApi({
      '/api/config': config,
      ...sessionRoutes(testUser()),
      [apiPaths.article(ARTICLE_ID)]: { access: false, article: { ...rest, excerpt: 'The bridge opened at dawn.' } },
      [apiPaths.articleCorrections(ARTICLE_ID)]: {
        corrections: [correction({ _id: 'c2', note: 'It also misspelled a name.' }), correction()],
      },
    });
    renderRoute(`/articles/${ARTICLE_ID}`);
    const section = (await screen.findByRole('heading', { name: C.heading })).closest('section') as HTMLElement;
    expect(section).toHaveAttribute('id', 'corrections');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('It also misspelled a name.'),
      expect.stringContaining('An earlier version gave the wrong date.'),
    ]);
    expect(screen.getByText(TEXT.detail.teaserTitle)).toBeInTheDocument();
    // Publishing is an editor's: a reader has no form.
    expect(screen.queryByRole('button', { name: C.publish })).toBeNull();
  });

  it('lets an admin publish one on an approved article: the latest revision by default, a note, a confirmation', async () => {
    storeToken();
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(admin, ROLES.admin),
      [apiPaths.article(ARTICLE_ID)]: { access: true, article: article() },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 1 },
      [apiPaths.articleTimeline(ARTICLE_ID)]: { entries: [] },
      [apiPaths.articleRevisions(ARTICLE_ID)]: { revisions: [revision(3), revision(2), revision(1)] },
      [apiPaths.articleCorrections(ARTICLE_ID)]: (_url: URL, request: StubRequest) =>
        request.method === 'POST' ? correction({ note: MARKUP_NOTE }) : { corrections: [] },
    });
    renderRoute(`/articles/${ARTICLE_ID}`);
    const person = userEvent.setup();
    const form = (await screen.findByRole('heading', { name: C.publishHeading })).closest('section') as HTMLElement;
    const select = within(form).getByLabelText(C.revisionLabel);
    await waitFor(() => expect(select).not.toBeDisabled());
    expect(select).toHaveValue(revisionId(3));

    await person.click(within(form).getByRole('button', { name: C.publish }));
    expect(await within(form).findByText(TEXT.validation.correctionRequired)).toBeInTheDocument();

    await person.selectOptions(select, revisionId(2));
    await person.type(within(form).getByLabelText(C.noteLabel), MARKUP_NOTE);
    await person.click(within(form).getByRole('button', { name: C.publish }));
    const confirm = await screen.findByRole('alertdialog', { name: C.confirmTitle });
    expect(api.calls(apiPaths.articleCorrections(ARTICLE_ID)).filter((call) => call.method === 'POST')).toHaveLength(0);
    await person.click(within(confirm).getByRole('button', { name: C.publish }));

    expect(await screen.findByText(TEXT.toast.correctionPublished)).toBeInTheDocument();
    const posts = api.calls(apiPaths.articleCorrections(ARTICLE_ID)).filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ revisionId: revisionId(2), note: MARKUP_NOTE }]);
  });

  it("shows the server's refusal next to the note", async () => {
    storeToken();
    stubApi({
      '/api/config': config,
      ...sessionRoutes(admin, ROLES.admin),
      [apiPaths.article(ARTICLE_ID)]: { access: true, article: article({ isPremium: true }) },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 1 },
      [apiPaths.articleTimeline(ARTICLE_ID)]: { entries: [] },
      [apiPaths.articleRevisions(ARTICLE_ID)]: { revisions: [revision(1)] },
      [apiPaths.articleCorrections(ARTICLE_ID)]: (_url: URL, request: StubRequest) =>
        request.method === 'POST'
          ? errorResponse(400, 'Quoted.', { fieldErrors: { note: ['Do not quote the premium text.'] } })
          : { corrections: [] },
    });
    renderRoute(`/articles/${ARTICLE_ID}`);
    const person = userEvent.setup();
    const form = (await screen.findByRole('heading', { name: C.publishHeading })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(form).getByLabelText(C.noteLabel)).not.toBeDisabled());
    await person.type(within(form).getByLabelText(C.noteLabel), 'The paid part said so.');
    await person.click(within(form).getByRole('button', { name: C.publish }));
    await person.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: C.publish }));
    expect(await within(form).findByText('Do not quote the premium text.')).toBeInTheDocument();
  });

  it('offers no form on an article that is not approved', async () => {
    storeToken();
    stubApi({
      '/api/config': config,
      ...sessionRoutes(admin, ROLES.admin),
      [apiPaths.article(ARTICLE_ID)]: { access: true, article: article({ status: 'pending' }) },
      [apiPaths.articleTimeline(ARTICLE_ID)]: { entries: [] },
      [apiPaths.articleRevisions(ARTICLE_ID)]: { revisions: [revision(1)] },
    });
    renderRoute(`/articles/${ARTICLE_ID}`);
    await screen.findByRole('heading', { name: TEXT.revisions.heading });
    expect(screen.queryByRole('heading', { name: C.publishHeading })).toBeNull();
  });
});
