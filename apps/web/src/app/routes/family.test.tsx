import { FAMILY_MESSAGES, FAMILY_TEXT, TEXT, type FamilyView } from '@dispatch/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../test/api-stub';
import { config, publishers } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';

const user = testUser();
const UNTIL = '2030-05-04T10:00:00.000Z';
const owner: Extract<FamilyView, { role: 'owner' }> = {
  role: 'owner',
  seats: 6,
  until: UNTIL,
  active: true,
  members: [{ id: 'm1', name: 'Ada Reader', email: 'ada@example.com', joinedAt: '2030-05-01T10:00:00.000Z' }],
  invitations: [
    { id: 'i1', email: 'bo@example.com', expiresAt: '2030-05-08T10:00:00.000Z', link: 'https://x/family/join?token=t' },
  ],
};

/** /profile with GET /api/family answering `family`; the owner's changes answer as the server would. */
async function openProfile(family: FamilyView, handlers: Record<string, unknown> = {}) {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    ...sessionRoutes(user),
    [apiPaths.billingHistory]: { premiumTaken: null, payments: [] },
    [apiPaths.userAccess]: { until: null, active: false, source: null, plan: null, premiumArticles: null },
    [apiPaths.giftLinks]: { links: [], usedThisMonth: 0, allowedPerMonth: 5 },
    [apiPaths.mailPreferences]: { mailEnabled: true, emailVerified: true, kinds: [] },
    [apiPaths.briefMe]: { subscription: null },
    [apiPaths.family]: family,
    ...handlers,
  });
  renderRoute('/profile');
  const section = await screen.findByRole('region', { name: FAMILY_TEXT.heading }, { timeout: 10_000 });
  return { api, section, person: userEvent.setup() };
}

describe('/profile: the family', () => {
  it('shows the owner the seats, members and invitations, and invites by e-mail', async () => {
    const { api, section, person } = await openProfile(owner, {
      [apiPaths.familyInvitations]: (_url: URL, request: StubRequest) => ({
        id: 'i2',
        email: (request.body as { email: string }).email,
        expiresAt: UNTIL,
        link: 'https://x/family/join?token=u',
        mailed: true,
      }),
    });
    expect(within(section).getByText(FAMILY_TEXT.ownerIntro(6))).toBeInTheDocument();
    expect(within(section).getByText(FAMILY_TEXT.seatsLeft(4, 5))).toBeInTheDocument();
    const members = within(section).getByRole('list', { name: FAMILY_TEXT.membersHeading });
    expect(within(members).getByText('Ada Reader')).toBeInTheDocument();
    const invitations = within(section).getByRole('list', { name: FAMILY_TEXT.invitationsHeading });
    expect(within(invitations).getByText('bo@example.com')).toBeInTheDocument();

    await person.type(within(section).getByLabelText(FAMILY_TEXT.inviteLabel), 'cy@example.com');
    await person.click(within(section).getByRole('button', { name: FAMILY_TEXT.inviteButton }));
    expect(await screen.findByText(FAMILY_TEXT.invited('cy@example.com'))).toBeInTheDocument();
    expect(api.calls(apiPaths.familyInvitations).find((call) => call.method === 'POST')?.body).toEqual({
      email: 'cy@example.com',
    });
  }, 30_000);

  it('shows the server’s reason under the field when an invitation is refused', async () => {
    const { section, person } = await openProfile(owner, {
      [apiPaths.familyInvitations]: () => errorResponse(409, FAMILY_MESSAGES.alreadyInvited),
    });
    await person.type(within(section).getByLabelText(FAMILY_TEXT.inviteLabel), 'bo@example.com');
    await person.click(within(section).getByRole('button', { name: FAMILY_TEXT.inviteButton }));
    expect(await within(section).findByText(FAMILY_MESSAGES.alreadyInvited)).toBeInTheDocument();
  }, 30_000);

  it('removes a member only after a confirmation', async () => {
    const { api, section, person } = await openProfile(owner, {
      [apiPaths.familyMember('m1')]: { done: true },
    });
    await person.click(within(section).getByRole('button', { name: `${FAMILY_TEXT.remove} Ada Reader` }));
    const dialog = await screen.findByRole('alertdialog', { name: FAMILY_TEXT.removeTitle });
    expect(api.calls(apiPaths.familyMember('m1'))).toHaveLength(0);
    await person.click(within(dialog).getByRole('button', { name: FAMILY_TEXT.remove }));
    expect(await screen.findByText(FAMILY_TEXT.removed('Ada Reader'))).toBeInTheDocument();
    expect(api.calls(apiPaths.familyMember('m1')).map((call) => call.method)).toEqual(['DELETE']);
  }, 30_000);

  it('names a member’s family and owner, and lets them leave', async () => {
    const member: FamilyView = {
      role: 'member',
      owner: { name: 'Pat Owner' },
      planName: 'Family Plan',
      until: UNTIL,
      active: true,
      joinedAt: UNTIL,
    };
    const { api, section, person } = await openProfile(member, { [apiPaths.familyLeave]: { done: true } });
    expect(within(section).getByText(FAMILY_TEXT.memberIntro('Pat Owner', 'Family Plan'))).toBeInTheDocument();
    expect(within(section).queryByLabelText(FAMILY_TEXT.inviteLabel)).not.toBeInTheDocument();
    await person.click(within(section).getByRole('button', { name: FAMILY_TEXT.leave }));
    const dialog = await screen.findByRole('alertdialog', { name: FAMILY_TEXT.leaveTitle });
    await person.click(within(dialog).getByRole('button', { name: FAMILY_TEXT.leave }));
    expect(await screen.findByText(FAMILY_TEXT.left)).toBeInTheDocument();
    expect(api.calls(apiPaths.familyLeave)).toHaveLength(1);
  }, 30_000);

  it('shows nothing to a reader in no family', async () => {
    storeToken();
    const api = stubApi({
      '/api/config': config,
      '/api/publishers': publishers,
      ...sessionRoutes(user),
      [apiPaths.family]: { role: 'none' },
    });
    renderRoute('/profile');
    await screen.findByRole('heading', { level: 1, name: TEXT.profile.heading }, { timeout: 10_000 });
    await vi.waitFor(() => expect(api.calls(apiPaths.family)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: FAMILY_TEXT.heading })).not.toBeInTheDocument();
  }, 30_000);
});

describe('/family/join', () => {
  const preview = { owner: { name: 'Pat Owner' }, email: user.email, expiresAt: UNTIL, ownPremiumUntil: UNTIL };

  it('says who invites and that the reader’s own premium is not extended, then accepts on a press', async () => {
    storeToken();
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.familyPreview]: preview,
      [apiPaths.familyAccept]: {
        ...owner,
        role: 'member',
        owner: { name: 'Pat Owner' },
        planName: 'Family Plan',
        joinedAt: UNTIL,
      },
    });
    renderRoute('/family/join?token=abc');
    expect(await screen.findByText(FAMILY_TEXT.joinIntro('Pat Owner'), {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('does not extend it');
    expect(api.calls(apiPaths.familyAccept)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: FAMILY_TEXT.joinButton }));
    expect(await screen.findByText(FAMILY_TEXT.joined)).toBeInTheDocument();
    expect(api.calls(apiPaths.familyAccept)[0]?.body).toEqual({ token: 'abc' });
  }, 30_000);

  it('explains a spent link', async () => {
    storeToken();
    stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.familyPreview]: () => errorResponse(409, FAMILY_MESSAGES.invitationClosed),
    });
    renderRoute('/family/join?token=abc');
    expect(await screen.findByText(FAMILY_MESSAGES.invitationClosed, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FAMILY_TEXT.joinButton })).not.toBeInTheDocument();
  }, 30_000);
});
