import { ARTICLE_MESSAGES, TEXT, UploadResponseSchema, DESK_TEXT } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse, jsonResponse, type StubRequest } from '../../../test/api-stub';
import { openDashboard } from '../../../test/admin';
import { publisherKeys } from '../../../api/publishers';
import { publishers } from '../../../test/fixtures';

const D = TEXT.dashboard;
const logo = UploadResponseSchema.parse({ url: `/api/uploads/${'9'.repeat(64)}.webp`, width: 320, height: 320 });

const counts = [
  { _id: 'p1', name: 'Harbor Herald', slug: 'harbor-herald', logo: '/api/uploads/logo-1.webp', articles: 12 },
  { _id: 'p2', name: 'Quiet Quarterly', slug: 'quiet-quarterly', logo: '/api/uploads/logo-2.webp', articles: 1 },
];

/** The same path lists (GET, with article counts) and adds (POST). */
async function openAddPublisher(create: () => unknown) {
  const view = openDashboard('/dashboard/add-publisher', {
    [apiPaths.dashboardPublishers]: (_url: URL, request: StubRequest) =>
      request.method === 'POST' ? create() : counts,
    [apiPaths.uploads]: () => jsonResponse(logo, 201),
    [apiPaths.publishers]: publishers,
  });
  await screen.findByRole('heading', { level: 1, name: D.addPublisher });
  return view;
}

const created = () =>
  jsonResponse(
    {
      insertedId: 'p9',
      acknowledged: true,
      publisher: {
        _id: 'p9',
        name: 'Valley Voice',
        slug: 'valley-voice',
        logo: logo.url,
        createdAt: '2025-04-01T00:00:00.000Z',
      },
    },
    201,
  );

describe('/dashboard/add-publisher', () => {
  it("requires a name and a logo: 'Name is required', 'Logo is required'", async () => {
    const { api, person } = await openAddPublisher(created);

    await person.click(screen.getByRole('button', { name: D.publisherSubmit }));

    expect(await screen.findByLabelText(D.publisherName)).toHaveAccessibleDescription(TEXT.validation.nameRequired);
    expect(screen.getByLabelText(D.publisherLogo)).toHaveAccessibleDescription(
      expect.stringContaining(TEXT.validation.logoRequired),
    );
    expect(api.calls(apiPaths.dashboardPublishers).filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("adds the publisher: 'Publisher added successfully!' and the publishers list is read again", async () => {
    const { api, person, queryClient } = await openAddPublisher(created);
    await queryClient.prefetchQuery({ queryKey: publisherKeys.list(), queryFn: () => publishers });

    await person.type(screen.getByLabelText(D.publisherName), 'Valley Voice');
    await person.upload(screen.getByLabelText(D.publisherLogo), new File(['x'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('button', { name: D.publisherSubmit })).toBeEnabled());
    await person.click(screen.getByRole('button', { name: D.publisherSubmit }));

    expect(await screen.findByText(TEXT.toast.publisherAdded)).toBeInTheDocument();
    const posts = api.calls(apiPaths.dashboardPublishers).filter((call) => call.method === 'POST');
    expect(posts[0]?.body).toEqual({ name: 'Valley Voice', logo: logo.url });
    expect(queryClient.getQueryState(publisherKeys.list())?.isInvalidated).toBe(true);
    // The list beside the form is read again, so the new publisher shows there.
    await waitFor(() =>
      expect(api.calls(apiPaths.dashboardPublishers).filter((call) => call.method === 'GET')).toHaveLength(2),
    );
    expect(screen.getByLabelText(D.publisherName)).toHaveValue('');
  });

  it('lists the publishers there are, each with its article count, linking to its page', async () => {
    await openAddPublisher(created);
    const region = await screen.findByRole('region', { name: DESK_TEXT.publishersHeading });
    const list = await within(region).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Harbor Herald${DESK_TEXT.articleCount(12)}`,
      `Quiet Quarterly${DESK_TEXT.articleCount(1)}`,
    ]);
    expect(DESK_TEXT.articleCount(1)).toBe('1 article');
    expect(within(items[0]!).getByRole('link', { name: 'Harbor Herald' })).toHaveAttribute(
      'href',
      '/publishers/harbor-herald',
    );
  });

  it("says 'Error: ' and the server's message when the name is taken", async () => {
    const { person } = await openAddPublisher(() => errorResponse(409, ARTICLE_MESSAGES.publisherTaken));

    await person.type(screen.getByLabelText(D.publisherName), 'Harbor Herald');
    await person.upload(screen.getByLabelText(D.publisherLogo), new File(['x'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('button', { name: D.publisherSubmit })).toBeEnabled());
    await person.click(screen.getByRole('button', { name: D.publisherSubmit }));

    expect(await screen.findByText(`Error: ${ARTICLE_MESSAGES.publisherTaken}`)).toBeInTheDocument();
  });
});
