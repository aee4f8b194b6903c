import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT, type BriefPreview, type BriefSend } from '@dispatch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { openDashboard } from '../../../test/admin';
import { errorResponse, type StubRequest } from '../../../test/api-stub';
import { adminArticle } from '../../../test/writing-fixtures';

const C = BRIEF_TEXT.columns;
const send: BriefSend = {
  _id: 's1',
  kind: 'daily',
  label: '2026-11-26',
  createdAt: '2026-11-26T07:00:00.000Z',
  recipients: 1200,
  sent: 1190,
  failed: 4,
  bounced: 6,
  unsubscribed: 2,
};
const sends = { sends: [send], subscribers: { active: 1200, pending: 35, suppressed: 7 } };
const brief = (articles: BriefPreview['articles']): BriefPreview => ({
  subject: 'Your brief: The Water Pact and 1 more',
  articles,
  highlights: [],
  html: '<html><body><h1>The Water Pact</h1><script>parent.alert(1)</script></body></html>',
  text: 'The Water Pact',
});
const oneArticle = {
  _id: 'a1',
  title: 'The Water Pact',
  image: '',
  publisher: 'The Ledger',
  excerpt: 'Two countries share a river.',
  isPremium: false,
  url: 'http://127.0.0.1/articles/a1',
};
const approved = [
  adminArticle({ _id: 'a1', title: 'The Water Pact', status: 'approved' }),
  adminArticle({ _id: 'a2', title: 'Rail Strike Ends', status: 'approved' }),
];
const counts = { pending: 0, changes_requested: 0, approved: 2, declined: 0 };

function openNewsletter(routes: Record<string, unknown> = {}) {
  return openDashboard('/dashboard/newsletter', {
    [apiPaths.adminBriefSends]: sends,
    [apiPaths.adminArticles]: { articles: approved, total: 2, counts },
    ...routes,
  });
}

describe('/dashboard/newsletter', () => {
  it('shows the subscribers and every send with its numbers', async () => {
    openNewsletter();

    expect(
      await screen.findByRole('heading', { level: 1, name: BRIEF_TEXT.newsletter }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(await screen.findByText(BRIEF_PAGE_TEXT.subscribers.active)).toBeInTheDocument();
    expect(screen.getByText(BRIEF_PAGE_TEXT.subscribers.active).nextElementSibling).toHaveTextContent('1,200');
    const table = within(screen.getByRole('region', { name: BRIEF_TEXT.sendsTitle })).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([C.date, C.kind, C.recipients, C.sent, C.failed, C.bounced, C.unsubscribed]);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent(`${BRIEF_PAGE_TEXT.kinds.daily}2026-11-26`);
    expect(row).toHaveTextContent('1,2001,190462');
    expect(screen.getByRole('link', { name: BRIEF_TEXT.newsletter })).toHaveAttribute('href', '/dashboard/newsletter');
  }, 30_000);

  it('previews today’s brief for a subscriber in a frame that runs nothing', async () => {
    const { api, person } = openNewsletter({ [apiPaths.adminBriefPreview]: brief([oneArticle]) });
    const panel = await screen.findByRole('region', { name: BRIEF_TEXT.preview }, { timeout: 10_000 });

    await person.type(within(panel).getByRole('textbox', { name: BRIEF_PAGE_TEXT.previewEmail }), 'ada@example.com');
    await person.click(within(panel).getByRole('button', { name: BRIEF_TEXT.preview }));

    const frame = await within(panel).findByTitle(BRIEF_PAGE_TEXT.previewFrame);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>The Water Pact</h1>');
    expect(within(panel).getByText('Your brief: The Water Pact and 1 more')).toBeInTheDocument();
    expect(api.requests(apiPaths.adminBriefPreview)[0]?.searchParams.get('email')).toBe('ada@example.com');
  }, 30_000);

  it('says no e-mail goes out today when there is no news', async () => {
    const { person } = openNewsletter({ [apiPaths.adminBriefPreview]: brief([]) });
    const panel = await screen.findByRole('region', { name: BRIEF_TEXT.preview }, { timeout: 10_000 });

    await person.click(within(panel).getByRole('button', { name: BRIEF_TEXT.preview }));
    expect(await within(panel).findByText(BRIEF_TEXT.noNews)).toBeInTheDocument();
    expect(within(panel).queryByTitle(BRIEF_PAGE_TEXT.previewFrame)).not.toBeInTheDocument();
  }, 30_000);

  it('sends a test to the editor', async () => {
    const { api, person } = openNewsletter({ [apiPaths.adminBriefTest]: { email: 'editor@dispatch.test' } });
    const panel = await screen.findByRole('region', { name: BRIEF_TEXT.preview }, { timeout: 10_000 });

    await person.click(within(panel).getByRole('button', { name: BRIEF_TEXT.testSend }));
    expect(await screen.findByText(BRIEF_MESSAGES.testSent('editor@dispatch.test'))).toBeInTheDocument();
    expect(api.calls(apiPaths.adminBriefTest).map((request) => request.method)).toEqual(['POST']);
  }, 30_000);

  it('sends a special edition of an approved article to one audience after a confirmation', async () => {
    const { api, person } = openNewsletter({ [apiPaths.adminBriefSpecial]: { queued: 1235 } });
    const panel = await screen.findByRole('region', { name: BRIEF_TEXT.special }, { timeout: 10_000 });

    await within(panel).findByRole('option', { name: 'Rail Strike Ends' });
    await person.selectOptions(within(panel).getByRole('combobox', { name: BRIEF_PAGE_TEXT.specialArticle }), 'a2');
    await person.click(within(panel).getByRole('radio', { name: BRIEF_TEXT.audience.premium }));
    await person.click(within(panel).getByRole('button', { name: BRIEF_TEXT.special }));
    const dialog = await screen.findByRole('alertdialog', { name: BRIEF_TEXT.special });
    expect(dialog).toHaveTextContent('Rail Strike Ends');
    expect(api.calls(apiPaths.adminBriefSpecial)).toHaveLength(0);
    await person.click(within(dialog).getByRole('button', { name: BRIEF_PAGE_TEXT.specialSend }));

    expect(await screen.findByText(BRIEF_MESSAGES.specialQueued(1235))).toBeInTheDocument();
    expect(api.calls(apiPaths.adminBriefSpecial)[0]?.body).toEqual({ articleId: 'a2', audience: 'premium' });
    expect(api.requests(apiPaths.adminArticles).every((url) => url.searchParams.get('status') === 'approved')).toBe(
      true,
    );
  }, 30_000);

  it('says why a special edition was refused', async () => {
    const { person } = openNewsletter({
      [apiPaths.adminBriefSpecial]: (_url: URL, _request: StubRequest) =>
        errorResponse(400, BRIEF_MESSAGES.notApproved),
    });
    const panel = await screen.findByRole('region', { name: BRIEF_TEXT.special }, { timeout: 10_000 });

    await within(panel).findByRole('option', { name: 'The Water Pact' });
    await person.selectOptions(within(panel).getByRole('combobox', { name: BRIEF_PAGE_TEXT.specialArticle }), 'a1');
    await person.click(within(panel).getByRole('button', { name: BRIEF_TEXT.special }));
    const dialog = await screen.findByRole('alertdialog', { name: BRIEF_TEXT.special });
    await person.click(within(dialog).getByRole('button', { name: BRIEF_PAGE_TEXT.specialSend }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(BRIEF_MESSAGES.notApproved);
  }, 30_000);
});
