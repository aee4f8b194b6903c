import {
  ACCESS_TEXT,
  BILLING_TEXT,
  DESK_TEXT,
  SUBSCRIPTION_TEXT,
  TEXT,
  type AdminUser,
  type User,
} from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse } from '../../../test/api-stub';
import { admin, openDashboard } from '../../../test/admin';
import { testUser } from '../../../test/session';

const D = TEXT.dashboard;
const reader = testUser({ _id: 'user-2', name: 'Rosa Reader' });
const row = (user: User, access: Partial<AdminUser> = {}): AdminUser => ({
  ...user,
  accessSource: null,
  planName: null,
  family: null,
  subscription: null,
  ...access,
});

function openAllUsers(promote: () => unknown = () => ({ ...reader, role: 'admin' })) {
  return openDashboard('/dashboard/all-users', {
    [apiPaths.users]: { users: [row(admin), row(reader)], total: 7 },
    [apiPaths.userAccess]: { until: null, active: false, source: null, plan: null, premiumArticles: null },
    [apiPaths.makeAdmin(reader._id)]: promote,
    [apiPaths.billingHistory]: {
      premiumTaken: '2026-03-06T10:00:00.000Z',
      payments: [
        {
          _id: 'payment-1',
          createdAt: '2026-03-01T10:00:00.000Z',
          planId: 'individual',
          planName: 'Individual Premium',
          amount: 300,
          currency: 'usd',
          status: 'paid',
          periodStart: '2026-03-01T10:00:00.000Z',
          periodEnd: '2026-03-06T10:00:00.000Z',
          kind: 'payment',
        },
      ],
    },
    [new URL(apiPaths.grantPremium(reader.email), 'http://127.0.0.1').pathname]: () => ({
      ...reader,
      premiumTaken: '2099-01-01T00:00:00.000Z',
    }),
  });
}

const rowOf = async (name: string) => (await screen.findByText(name, {})).closest('tr') as HTMLElement;

describe('/dashboard/all-users', () => {
  it("shows 'Admin' for admins and 'Make Admin' for everyone else, five a page", async () => {
    const { api } = openAllUsers();

    const adminRow = await rowOf(admin.name);
    expect(within(adminRow).getByText(D.admin)).toBeInTheDocument();
    expect(within(adminRow).queryByRole('button', { name: D.makeAdmin })).not.toBeInTheDocument();
    expect(within(await rowOf(reader.name)).getByRole('button', { name: D.makeAdmin })).toBeInTheDocument();
    expect(within(await rowOf(reader.name)).getByText(reader.email)).toBeInTheDocument();
    expect(api.requests(apiPaths.users)[0]?.searchParams.get('limit')).toBe('5');
    expect(screen.getByRole('link', { name: `${TEXT.listing.page} 2` })).toBeInTheDocument();
  });

  it("shows each reader's plan, complimentary premium, or none, with until when access runs or when it ended", async () => {
    const subscriber = testUser({ _id: 'user-3', name: 'Paula Pass', premiumTaken: '2099-01-01T12:00:00.000Z' });
    const guest = testUser({ _id: 'user-4', name: 'Carl Comp', premiumTaken: '2025-01-10T12:00:00.000Z' });
    openDashboard('/dashboard/all-users', {
      [apiPaths.users]: {
        users: [
          row(subscriber, { accessSource: 'pass', planName: 'Weekly Pass' }),
          row(guest, { accessSource: 'complimentary' }),
          row(reader),
        ],
        total: 3,
      },
    });

    const paula = await rowOf(subscriber.name);
    expect(within(paula).getByRole('cell', { name: /Weekly Pass/ })).toHaveTextContent(
      `Weekly Pass${ACCESS_TEXT.accessUntil('Jan 1, 2099')}`,
    );
    expect(within(await rowOf(guest.name)).getByRole('cell', { name: /Complimentary/ })).toHaveTextContent(
      `${ACCESS_TEXT.complimentary}${ACCESS_TEXT.accessEnded('Jan 10, 2025')}`,
    );
    expect(within(await rowOf(reader.name)).getByRole('cell', { name: ACCESS_TEXT.noPlan })).toHaveTextContent('—');
    expect(screen.getByRole('columnheader', { name: ACCESS_TEXT.planLabel })).toBeInTheDocument();
  });

  it("shows a reader's renewing subscription under their plan: how often it renews and its state", async () => {
    const until = '2099-03-08T10:00:00.000Z';
    const renewing = testUser({ _id: 'user-8', name: 'Ray Renewing' });
    const failing = testUser({ _id: 'user-9', name: 'Fay Failing' });
    const leaving = testUser({ _id: 'user-10', name: 'Lee Leaving' });
    const plan = { accessSource: 'pass' as const, planName: 'Monthly Premium', premiumTaken: until };
    openDashboard('/dashboard/all-users', {
      [apiPaths.users]: {
        users: [
          row(renewing, {
            ...plan,
            subscription: { status: 'active', cancelAtPeriodEnd: false, renewsEvery: 'month' },
          }),
          row(failing, {
            ...plan,
            subscription: { status: 'past_due', cancelAtPeriodEnd: false, renewsEvery: 'month' },
          }),
          row(leaving, { ...plan, subscription: { status: 'active', cancelAtPeriodEnd: true, renewsEvery: 'year' } }),
        ],
        total: 3,
      },
    });
    const planCell = async (name: string) =>
      within(await rowOf(name))
        .getAllByRole('cell')
        .find((cell) => cell.dataset.label === ACCESS_TEXT.planLabel);
    const S = SUBSCRIPTION_TEXT;
    expect(await planCell(renewing.name)).toHaveTextContent(S.adminLine('monthly', S.statuses.active));
    expect(await planCell(failing.name)).toHaveTextContent(S.adminLine('monthly', S.statuses.past_due));
    expect(await planCell(leaving.name)).toHaveTextContent(S.adminLine('yearly', S.statuses.cancelled));
  });

  it('shows the family each reader owns, with members and accounts used, or is in, with its owner', async () => {
    const owner = testUser({ _id: 'user-5', name: 'Olive Owner' });
    const member = testUser({ _id: 'user-6', name: 'Mia Member' });
    const solo = testUser({ _id: 'user-7', name: 'Otto Owner' });
    openDashboard('/dashboard/all-users', {
      [apiPaths.users]: {
        users: [
          row(owner, { family: { role: 'owner', members: 2, seats: 5 } }),
          row(member, { family: { role: 'member', owner: 'Olive Owner' } }),
          row(solo, { family: { role: 'owner', members: 1, seats: 2 } }),
          row(reader),
        ],
        total: 4,
      },
    });

    const familyCell = async (name: string) =>
      within(await rowOf(name))
        .getAllByRole('cell')
        .find((cell) => cell.dataset.label === ACCESS_TEXT.familyLabel);
    expect(await familyCell(owner.name)).toHaveTextContent('Owner, 2 members3 of 5 accounts used');
    expect(await familyCell(member.name)).toHaveTextContent('Member of Olive Owner');
    expect(await familyCell(solo.name)).toHaveTextContent('Owner, 1 member2 of 2 accounts used');
    expect(await familyCell(reader.name)).toHaveAccessibleName(ACCESS_TEXT.noFamily);
    expect(screen.getByRole('columnheader', { name: ACCESS_TEXT.familyLabel })).toBeInTheDocument();
  });

  it("opens a reader's billing, and grants complimentary premium until a chosen day", async () => {
    const { api, person } = openAllUsers();
    await person.click(within(await rowOf(reader.name)).getByRole('button', { name: BILLING_TEXT.adminButton }));

    const dialog = await screen.findByRole('dialog', { name: BILLING_TEXT.adminTitle(reader.name) });
    expect(await within(dialog).findByText('Individual Premium')).toBeInTheDocument();
    expect(within(dialog).getByText(BILLING_TEXT.statuses.paid)).toBeInTheDocument();
    expect(api.requests(apiPaths.billingHistory)[0]?.searchParams.get('email')).toBe(reader.email);

    const until = within(dialog).getByLabelText(BILLING_TEXT.grantLabel);
    await person.clear(until);
    await person.type(until, '2099-01-01');
    await person.click(within(dialog).getByRole('button', { name: BILLING_TEXT.grant }));
    expect(await screen.findByText(BILLING_TEXT.granted)).toBeInTheDocument();
    const [grant] = api.calls(new URL(apiPaths.grantPremium(reader.email), 'http://127.0.0.1').pathname);
    expect(grant?.method).toBe('PATCH');
    expect(new Date((grant?.body as { premiumTaken: string }).premiumTaken).getFullYear()).toBe(2099);
  });

  it("promotes after a confirmation: 'User promoted to admin'", async () => {
    const { api, person } = openAllUsers();
    await person.click(within(await rowOf(reader.name)).getByRole('button', { name: D.makeAdmin }));

    const dialog = await screen.findByRole('alertdialog', { name: TEXT.confirm.title });
    expect(dialog).toHaveTextContent(reader.name);
    expect(api.calls(apiPaths.makeAdmin(reader._id))).toHaveLength(0);
    await person.click(within(dialog).getByRole('button', { name: D.makeAdmin }));

    expect(await screen.findByText(TEXT.toast.userPromoted)).toBeInTheDocument();
    expect(api.calls(apiPaths.makeAdmin(reader._id)).map((call) => call.method)).toEqual(['PATCH']);
  });

  it("says 'Failed to make admin' when the promotion fails", async () => {
    const { person } = openAllUsers(() => errorResponse(409, 'This user is already an admin.'));
    await person.click(within(await rowOf(reader.name)).getByRole('button', { name: D.makeAdmin }));
    await person.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: D.makeAdmin }));

    expect(await screen.findByText(TEXT.toast.promoteFailed)).toBeInTheDocument();
  });

  it('searches by name or e-mail on the server, keeping the search in the URL with the page', async () => {
    const { api, person, router } = openDashboard('/dashboard/all-users', {
      [apiPaths.users]: (url: URL) =>
        url.searchParams.get('q') === 'nobody'
          ? { users: [], total: 0 }
          : { users: url.searchParams.get('q') ? [row(reader)] : [row(admin), row(reader)], total: 7 },
    });
    await rowOf(admin.name);
    const search = screen.getByRole('searchbox', { name: DESK_TEXT.searchUsers });
    await person.type(search, 'rosa');

    await waitFor(() => expect(api.requests(apiPaths.users).at(-1)?.searchParams.get('q')).toBe('rosa'));
    expect(router.state.location.search).toBe('?q=rosa');
    await waitFor(() => expect(screen.queryByText(admin.name)).toBeNull());
    expect(await rowOf(reader.name)).toBeInTheDocument();

    await person.click(screen.getByRole('link', { name: `${TEXT.listing.page} 2` }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=rosa&page=2'));
    expect(api.requests(apiPaths.users).at(-1)?.searchParams.get('q')).toBe('rosa');

    await person.clear(search);
    await person.type(search, 'nobody{Enter}');
    expect(await screen.findByText(DESK_TEXT.noUsersMatch('nobody'))).toBeInTheDocument();
  });
});
