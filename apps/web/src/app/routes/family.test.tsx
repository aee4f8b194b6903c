import {
  ACCOUNT_TEXT,
  FAMILY_MESSAGES,
  FAMILY_TEXT,
  NOTICES_TEXT,
  TEXT,
  type FamilyView,
  type RoleRecord,
} from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, noContent, stubApi, type StubRequest } from '../../test/api-stub';
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
  members: [
    {
      id: 'm1',
      name: 'Ada Reader',
      email: 'ada@example.com',
      joinedAt: '2030-05-01T10:00:00.000Z',
      controls: { youngReader: false, hiddenTags: [] },
    },
  ],
  invitations: [
    { id: 'i1', email: 'bo@example.com', expiresAt: '2030-05-08T10:00:00.000Z', link: 'https://x/family/join?token=t' },
  ],
};

const member: Extract<FamilyView, { role: 'member' }> = {
  role: 'member',
  owner: { name: 'Pat Owner' },
  planName: 'Family Plan',
  until: UNTIL,
  active: true,
  joinedAt: UNTIL,
  controls: { youngReader: false, hiddenTags: [] },
};

/** /profile with GET /api/family answering `family`; the owner's changes answer as the server would. */
async function openProfile(family: FamilyView, handlers: Record<string, unknown> = {}, role?: RoleRecord) {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    ...sessionRoutes(user, role),
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
    const { api, section, person } = await openProfile(member, { [apiPaths.familyLeave]: { done: true } });
    expect(within(section).getByText(FAMILY_TEXT.memberIntro('Pat Owner', 'Family Plan'))).toBeInTheDocument();
    expect(within(section).queryByLabelText(FAMILY_TEXT.inviteLabel)).not.toBeInTheDocument();
    await person.click(within(section).getByRole('button', { name: FAMILY_TEXT.leave }));
    const dialog = await screen.findByRole('alertdialog', { name: FAMILY_TEXT.leaveTitle });
    await person.click(within(dialog).getByRole('button', { name: FAMILY_TEXT.leave }));
    expect(await screen.findByText(FAMILY_TEXT.left)).toBeInTheDocument();
    expect(api.calls(apiPaths.familyLeave)).toHaveLength(1);
  }, 30_000);

  it('sets a member’s parental controls: a young reader, with the tags they do not see', async () => {
    const { api, section, person } = await openProfile(owner, {
      [apiPaths.familyMemberControls('m1')]: (_url: URL, request: StubRequest) => ({
        ...owner,
        members: [{ ...owner.members[0]!, controls: request.body }],
      }),
    });
    await person.click(within(section).getByText(FAMILY_TEXT.controlsHeading));
    const form = within(section).getByRole('form', { name: `${FAMILY_TEXT.controlsHeading}: Ada Reader` });
    // Tags can be hidden only from a young reader: the boxes wait for it.
    expect(within(form).getByRole('checkbox', { name: 'Politics' })).toBeDisabled();
    await person.click(within(form).getByRole('checkbox', { name: new RegExp(FAMILY_TEXT.youngReader) }));
    await person.click(within(form).getByRole('checkbox', { name: 'Politics' }));
    await person.click(within(form).getByRole('checkbox', { name: 'Health' }));
    await person.click(within(form).getByRole('button', { name: FAMILY_TEXT.saveControls }));
    expect(await screen.findByText(FAMILY_TEXT.controlsSaved('Ada Reader'))).toBeInTheDocument();
    expect(api.calls(apiPaths.familyMemberControls('m1'))[0]).toMatchObject({
      method: 'PUT',
      body: { youngReader: true, hiddenTags: ['Politics', 'Health'] },
    });
    const members = within(section).getByRole('list', { name: FAMILY_TEXT.membersHeading });
    expect(within(members).getByText(FAMILY_TEXT.hiding(['Politics', 'Health']))).toBeInTheDocument();
  }, 30_000);

  it('tells a young reader what is hidden, without Leave the family or Delete account', async () => {
    const young: FamilyView = { ...member, controls: { youngReader: true, hiddenTags: ['Politics'] } };
    const { section } = await openProfile(young, {}, { role: 'user', premiumTaken: UNTIL, youngReader: true });
    expect(within(section).getByRole('note')).toHaveTextContent(
      FAMILY_TEXT.memberYoungReader('Pat Owner', ['Politics']),
    );
    expect(within(section).queryByRole('button', { name: FAMILY_TEXT.leave })).not.toBeInTheDocument();
    expect(await screen.findByText(FAMILY_MESSAGES.youngReaderDelete)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ACCOUNT_TEXT.deleteButton })).not.toBeInTheDocument();
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
  const preview = {
    owner: { name: 'Pat Owner' },
    email: user.email,
    expiresAt: UNTIL,
    ownPremiumUntil: UNTIL,
    joined: false,
  };

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
        controls: { youngReader: false, hiddenTags: [] },
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

  it('welcomes a member who opens their accepted link again, with nothing to press', async () => {
    storeToken();
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.familyPreview]: { ...preview, ownPremiumUntil: null, joined: true },
    });
    renderRoute('/family/join?token=abc');
    expect(await screen.findByText(FAMILY_TEXT.joined, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FAMILY_TEXT.joinButton })).not.toBeInTheDocument();
    expect(api.calls(apiPaths.familyAccept)).toHaveLength(0);
  }, 30_000);

  it('tells a reader signed in with another address whom the link is for, and offers to sign out', async () => {
    storeToken();
    const message = FAMILY_MESSAGES.invitationForAnotherAddress('kin@example.com');
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.familyPreview]: () => errorResponse(403, message, { code: 'FORBIDDEN' }),
      [apiPaths.logout]: () => noContent(),
    });
    renderRoute('/family/join?token=abc');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(message);
    expect(screen.getByText(FAMILY_TEXT.joinSignedInAs(user.email))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FAMILY_TEXT.joinButton })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: FAMILY_TEXT.joinSwitchAccount }));
    await waitFor(() => expect(api.calls(apiPaths.logout)).toHaveLength(1));
  }, 30_000);

  it('asks a reader whose address is not verified yet to verify it, and sends the link on a press', async () => {
    storeToken();
    const api = stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.familyPreview]: () =>
        errorResponse(403, FAMILY_MESSAGES.invitationNeedsVerifiedAddress, { code: 'FORBIDDEN' }),
      [apiPaths.resendVerification]: { sentTo: user.email },
    });
    renderRoute('/family/join?token=abc');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      FAMILY_MESSAGES.invitationNeedsVerifiedAddress,
    );
    expect(screen.queryByRole('button', { name: FAMILY_TEXT.joinSwitchAccount })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FAMILY_TEXT.joinButton })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: NOTICES_TEXT.preferences.resend }));
    expect(await screen.findByRole('status')).toHaveTextContent(NOTICES_TEXT.preferences.resent(user.email));
    expect(api.calls(apiPaths.resendVerification)).toHaveLength(1);
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
