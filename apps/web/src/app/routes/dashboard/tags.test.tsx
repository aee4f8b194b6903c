import { TAG_MESSAGES, TAG_TEXT as T, TEXT, type AdminTag } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse, jsonResponse, seedTags, type StubRequest } from '../../../test/api-stub';
import { openDashboard } from '../../../test/admin';

const createdAt = '2026-11-01T10:00:00.000Z';
const seed = (): AdminTag[] =>
  seedTags.map((tag, index) => ({ ...tag, position: index + 1, articles: index * 3, createdAt }));

/** The dashboard's tags over a stubbed API that keeps what it is told, as the server would. */
function openTags(list: AdminTag[] = seed()) {
  let tags = list;
  const find = (url: URL) => tags.find((tag) => url.pathname.includes(`/${tag._id}`))!;
  const view = openDashboard('/dashboard/tags', {
    [apiPaths.adminTags]: (_url: URL, request: StubRequest) => {
      if (request.method !== 'POST') return tags;
      const { name } = request.body as { name: string };
      if (tags.some((tag) => tag.name.toLowerCase() === name.toLowerCase())) {
        return errorResponse(409, TAG_MESSAGES.nameTaken);
      }
      const created: AdminTag = {
        _id: 'new',
        name,
        slug: name.toLowerCase(),
        archived: false,
        position: 9,
        articles: 0,
        createdAt,
      };
      tags = [...tags, created];
      return jsonResponse(created, 201);
    },
    ...Object.fromEntries(
      list.map((tag) => [
        apiPaths.adminTag(tag._id),
        (url: URL, request: StubRequest) => {
          const patch = request.body as { name?: string; archived?: boolean };
          const changed = { ...find(url), ...patch, ...(patch.name && { slug: patch.name.toLowerCase() }) };
          tags = tags.map((tag) => (tag._id === changed._id ? changed : tag));
          return changed;
        },
      ]),
    ),
    ...Object.fromEntries(
      list.map((tag) => [
        `${apiPaths.adminTag(tag._id)}/merge`,
        (url: URL, request: StubRequest) => {
          const from = find(url);
          const { into } = request.body as { into: string };
          tags = tags
            .filter((one) => one._id !== from._id)
            .map((one) => (one._id === into ? { ...one, articles: one.articles + from.articles } : one));
          return tags.find((one) => one._id === into);
        },
      ]),
    ),
  });
  return view;
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

describe('/dashboard/tags', () => {
  it('lists every tag in order with its articles and status, and is in the dashboard nav', async () => {
    openTags([...seed().slice(0, 4), { ...seed()[4]!, archived: true }]);
    await screen.findByRole('rowheader', { name: /^Politics/ });
    expect(screen.getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent)).toEqual([
      'Politics',
      'Sports',
      'Technology',
      'Entertainment',
      'Health',
    ]);
    expect(within(rowOf('Sports')).getByText(T.articles(3))).toBeInTheDocument();
    expect(within(rowOf('Health')).getByText(T.archived)).toBeInTheDocument();
    expect(within(rowOf('Health')).getByRole('button', { name: `${T.unarchive} Health` })).toBeInTheDocument();
    expect(within(rowOf('Politics')).getByRole('link', { name: 'Politics' })).toHaveAttribute('href', '/tags/politics');
    expect(screen.getByRole('link', { name: T.nav })).toHaveAttribute('href', '/dashboard/tags');
  });

  it('adds a tag, and shows a taken name next to the field', async () => {
    const { api, person } = openTags();
    await screen.findByRole('rowheader', { name: /^Politics/ });
    await person.type(screen.getByLabelText(T.name), 'politics');
    await person.click(screen.getByRole('button', { name: T.add }));
    expect(await screen.findByText(TAG_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(T.name)).toHaveAccessibleDescription(TAG_MESSAGES.nameTaken);

    await person.clear(screen.getByLabelText(T.name));
    await person.type(screen.getByLabelText(T.name), 'Science');
    await person.click(screen.getByRole('button', { name: T.add }));
    expect(await screen.findByRole('rowheader', { name: /^Science/ })).toBeInTheDocument();
    expect(
      api
        .calls(apiPaths.adminTags)
        .filter((call) => call.method === 'POST')
        .at(-1)?.body,
    ).toEqual({ name: 'Science' });
    expect(screen.getByLabelText(T.name)).toHaveValue('');
  });

  it('renames a tag in place', async () => {
    const { api, person } = openTags();
    await screen.findByRole('rowheader', { name: /^Health/ });
    await person.click(screen.getByRole('button', { name: `${T.rename} Health` }));
    const field = screen.getByLabelText(T.renameLabel('Health'));
    expect(field).toHaveFocus();
    await person.clear(field);
    await person.type(field, 'Wellbeing');
    await person.click(screen.getByRole('button', { name: T.saveName }));
    expect(await screen.findByRole('rowheader', { name: /^Wellbeing/ })).toBeInTheDocument();
    expect(api.calls(apiPaths.adminTag('t5'))[0]?.body).toEqual({ name: 'Wellbeing' });
    expect(screen.queryByRole('rowheader', { name: /^Health/ })).not.toBeInTheDocument();
  });

  it('archives a tag', async () => {
    const { api, person } = openTags();
    await screen.findByRole('rowheader', { name: /^Sports/ });
    await person.click(screen.getByRole('button', { name: `${T.archive} Sports` }));
    await waitFor(() => expect(within(rowOf('Sports')).getByText(T.archived)).toBeInTheDocument());
    expect(api.calls(apiPaths.adminTag('t2'))[0]?.body).toEqual({ archived: true });
  });

  it('merges a tag into another only once the admin confirms', async () => {
    const { api, person } = openTags();
    await screen.findByRole('rowheader', { name: /^Sports/ });
    const merge = within(rowOf('Sports')).getByRole('button', { name: T.mergeButton });
    expect(merge).toBeDisabled();
    await person.selectOptions(screen.getByLabelText(T.mergeLabel('Sports')), 'Health');
    await person.click(merge);
    const dialog = await screen.findByRole('alertdialog', { name: T.mergeConfirmTitle('Sports', 'Health') });
    expect(dialog).toHaveTextContent(T.mergeConfirmBody('Sports', 'Health', 3));
    await person.click(within(dialog).getByRole('button', { name: TEXT.writing.cancel }));
    expect(api.calls(`${apiPaths.adminTag('t2')}/merge`)).toHaveLength(0);

    await person.click(merge);
    await person.click(await screen.findByRole('button', { name: T.mergeConfirm }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^Sports/ })).not.toBeInTheDocument());
    expect(api.calls(`${apiPaths.adminTag('t2')}/merge`)[0]?.body).toEqual({ into: 't5' });
    expect(within(rowOf('Health')).getByText(T.articles(15))).toBeInTheDocument();
  });

  it('shows the empty state when there are no tags', async () => {
    openTags([]);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('says when the tags could not be loaded', async () => {
    openDashboard('/dashboard/tags', { [apiPaths.adminTags]: () => errorResponse(500, 'down') });
    // After the query's retries (docs/product.md's backoff).
    expect(await screen.findByText(T.loadFailed, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.states.retry })).toBeInTheDocument();
  }, 25_000);

  it('shows each tag change in History, by what it did, in place of an article', async () => {
    openDashboard('/dashboard/history', {
      [apiPaths.adminHistory]: {
        entries: [
          {
            _id: 'h1',
            action: 'tag-merge',
            note: 'Soccer → Football',
            at: '2026-12-01T09:00:00.000Z',
            actor: { _id: 'admin-1', name: 'Edna Editor', email: 'editor@dispatch.test' },
            article: null,
          },
        ],
        total: 1,
        actors: [{ _id: 'admin-1', name: 'Edna Editor', email: 'editor@dispatch.test' }],
      },
    });
    const row = (await screen.findByText('Soccer → Football')).closest('tr')!;
    expect(within(row).getByText(T.history['tag-merge'])).toBeInTheDocument();
    expect(within(row).getByText(T.historyEntry)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: T.history['tag-create'] })).toBeInTheDocument();
  });
});
