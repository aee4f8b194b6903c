import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT, TEXT, type BriefSubscription } from '@dispatch/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { stubApi, type StubRequest } from '../../test/api-stub';
import { config, publishers } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';

const user = testUser();
const subscribed: BriefSubscription = {
  email: user.email,
  status: 'active',
  hour: 7,
  timeZone: 'Europe/Warsaw',
  tags: [],
  publishers: [],
  highlights: true,
  lastBriefAt: null,
  suppressedReason: null,
};

/** /profile with the brief's answers: `me` is what GET /api/brief/me says, and changes with PUT and DELETE. */
async function openProfile(initial: BriefSubscription | null) {
  let current = initial;
  storeToken();
  const api = stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    ...sessionRoutes(user),
    [apiPaths.billingHistory]: { premiumTaken: null, payments: [] },
    [apiPaths.userAccess]: { until: null, active: false, source: null, plan: null, premiumArticles: null },
    [apiPaths.giftLinks]: { links: [], usedThisMonth: 0, allowedPerMonth: 5 },
    [apiPaths.mailPreferences]: { mailEnabled: true, emailVerified: true, kinds: [] },
    [apiPaths.briefSubscribe]: { status: 'active', email: user.email },
    [apiPaths.briefMe]: (_url: URL, request: StubRequest) => {
      if (request.method === 'PUT') current = { ...subscribed, ...(request.body as object) };
      if (request.method === 'DELETE') {
        current = current && { ...current, status: 'unsubscribed' };
        return { status: 'unsubscribed' };
      }
      return request.method === 'PUT' ? current : { subscription: current };
    },
  });
  renderRoute('/profile');
  await screen.findByRole('heading', { level: 1, name: TEXT.profile.heading }, { timeout: 10_000 });
  const section = await screen.findByRole('region', { name: BRIEF_TEXT.heading });
  return { api, section, person: userEvent.setup() };
}

describe('/profile: the daily brief', () => {
  it('shows the subscription and saves the hour, the zone and what it follows', async () => {
    const { api, section, person } = await openProfile(subscribed);

    expect(await within(section).findByText(BRIEF_TEXT.statuses.active)).toBeInTheDocument();
    expect(within(section).getByText(BRIEF_PAGE_TEXT.highlightsIncluded)).toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: BRIEF_TEXT.timeZone })).toHaveValue('Europe/Warsaw');
    const tags = within(section).getByRole('group', { name: BRIEF_TEXT.tags });
    expect(within(tags).getByRole('checkbox', { name: BRIEF_TEXT.everything })).toBeChecked();

    await person.selectOptions(within(section).getByRole('combobox', { name: BRIEF_TEXT.hour }), '18:00');
    await person.click(within(tags).getByRole('checkbox', { name: 'Technology' }));
    const followed = within(section).getByRole('group', { name: BRIEF_TEXT.publishers });
    await person.click(within(followed).getByRole('checkbox', { name: publishers[0]!.name }));
    expect(within(tags).getByRole('checkbox', { name: BRIEF_TEXT.everything })).not.toBeChecked();
    await person.click(within(section).getByRole('button', { name: BRIEF_TEXT.save }));

    expect(await screen.findByText(BRIEF_MESSAGES.saved)).toBeInTheDocument();
    const put = api.calls(apiPaths.briefMe).find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      hour: 18,
      timeZone: 'Europe/Warsaw',
      tags: ['Technology'],
      publishers: [publishers[0]!._id],
    });
  }, 30_000);

  it('stops the brief after a confirmation', async () => {
    const { api, section, person } = await openProfile(subscribed);

    await person.click(await within(section).findByRole('button', { name: BRIEF_TEXT.unsubscribe }));
    const dialog = await screen.findByRole('alertdialog', { name: BRIEF_PAGE_TEXT.stopTitle });
    expect(api.calls(apiPaths.briefMe).some((request) => request.method === 'DELETE')).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: BRIEF_TEXT.unsubscribe }));

    expect(await screen.findByText(BRIEF_PAGE_TEXT.stopped)).toBeInTheDocument();
    expect(await within(section).findByText(BRIEF_TEXT.statuses.unsubscribed)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: BRIEF_TEXT.subscribe })).toBeInTheDocument();
    expect(api.calls(apiPaths.briefMe).filter((request) => request.method === 'DELETE')).toHaveLength(1);
  }, 30_000);

  it('says why mail is paused, and subscribes again', async () => {
    const refused = 'mailbox unavailable (550)';
    const { api, section, person } = await openProfile({
      ...subscribed,
      status: 'suppressed',
      highlights: false,
      suppressedReason: refused,
    });

    expect(await within(section).findByText(BRIEF_TEXT.statuses.suppressed)).toBeInTheDocument();
    expect(within(section).getByText(refused)).toBeInTheDocument();
    expect(within(section).getByText(BRIEF_MESSAGES.suppressed)).toBeInTheDocument();
    expect(within(section).getByText(BRIEF_PAGE_TEXT.highlightsNotIncluded)).toBeInTheDocument();
    await person.click(within(section).getByRole('button', { name: BRIEF_TEXT.subscribe }));
    expect(await screen.findByText(BRIEF_PAGE_TEXT.subscribed)).toBeInTheDocument();
    expect(api.calls(apiPaths.briefSubscribe)[0]?.body).toMatchObject({ hour: 7, timeZone: 'Europe/Warsaw' });
  }, 30_000);

  it('offers a reader without a subscription to subscribe their own address', async () => {
    const { api, section, person } = await openProfile(null);

    expect(await within(section).findByText(BRIEF_TEXT.statuses.unsubscribed)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: BRIEF_TEXT.unsubscribe })).not.toBeInTheDocument();
    await person.click(within(section).getByRole('button', { name: BRIEF_TEXT.subscribe }));
    expect(await screen.findByText(BRIEF_PAGE_TEXT.subscribed)).toBeInTheDocument();
    expect(api.calls(apiPaths.briefSubscribe)[0]?.body).not.toHaveProperty('email');
  }, 30_000);
});
