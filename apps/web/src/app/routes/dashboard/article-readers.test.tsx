import { DESK_TEXT, READERS_TEXT } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse, type StubRequest } from '../../../test/api-stub';
import { openDashboard } from '../../../test/admin';
import { loadRouteModules } from '../../../test/render-route';
import { adminArticle } from '../../../test/writing-fixtures';

const readersPath = (id: string) => `/api/admin/articles/${id}/readers`;
const rowOf = async (title: string) => (await screen.findByText(title, {})).closest('tr') as HTMLElement;

/** The row's badge: a pill on a card, a lock in the one-line table (both in the document; CSS shows one). */
const badges = (row: HTMLElement) => within(row).queryAllByText(READERS_TEXT.badge);

/** The desk with one approved article, whose mark the server keeps as the requests set it. */
function openDesk(initial: boolean, answer?: () => Response) {
  let signedInOnly = initial;
  const list = () => ({
    articles: [adminArticle({ _id: 'story-1', title: 'Harbour story', status: 'approved', signedInOnly })],
    total: 1,
    counts: { pending: 0, changes_requested: 0, approved: 1, declined: 0 },
  });
  return openDashboard('/dashboard/all-articles', {
    [apiPaths.adminArticles]: list,
    [readersPath('story-1')]: (_url: URL, request: StubRequest) => {
      if (answer) return answer();
      signedInOnly = (request.body as { signedInOnly: boolean }).signedInOnly;
      return { signedInOnly };
    },
  });
}

describe("the desk's per-article readers (docs/product.md#who-reads-what)", () => {
  beforeAll(() => loadRouteModules('/dashboard/all-articles'));

  it("keeps an article for signed-in readers from its row's menu, then shows its badge", async () => {
    const { api, person } = openDesk(false);
    const row = await rowOf('Harbour story');
    expect(badges(row)).toHaveLength(0);
    await person.click(within(row).getByRole('button', { name: DESK_TEXT.moreActions }));
    await person.click(await screen.findByRole('menuitem', { name: READERS_TEXT.keepForSignedIn }));

    expect(await screen.findByText(READERS_TEXT.keptForSignedIn)).toBeInTheDocument();
    const [request] = api.calls(readersPath('story-1'));
    expect(request).toMatchObject({ method: 'PUT', body: { signedInOnly: true } });
    await waitFor(async () => expect(badges(await rowOf('Harbour story'))).toHaveLength(2));
  });

  it("opens a marked article to the site's readers again", async () => {
    const { api, person } = openDesk(true);
    const row = await rowOf('Harbour story');
    expect(badges(row)).toHaveLength(2);
    await person.click(within(row).getByRole('button', { name: DESK_TEXT.moreActions }));
    await person.click(await screen.findByRole('menuitem', { name: READERS_TEXT.openToSiteReaders }));

    expect(await screen.findByText(READERS_TEXT.openedToSiteReaders)).toBeInTheDocument();
    expect(api.calls(readersPath('story-1'))[0]).toMatchObject({ body: { signedInOnly: false } });
    await waitFor(async () => expect(badges(await rowOf('Harbour story'))).toHaveLength(0));
  });

  it('says why the server refused', async () => {
    const { person } = openDesk(false, () => errorResponse(404, 'That article was not found.'));
    const row = await rowOf('Harbour story');
    await person.click(within(row).getByRole('button', { name: DESK_TEXT.moreActions }));
    await person.click(await screen.findByRole('menuitem', { name: READERS_TEXT.keepForSignedIn }));
    expect(await screen.findByText('That article was not found.')).toBeInTheDocument();
  });
});
