import {
  ACCESS_TEXT,
  API_MESSAGES,
  AUTHOR_TEXT,
  BILLING_TEXT,
  NOTICES_TEXT,
  REVENUE_TEXT,
  TEXT,
  UploadResponseSchema,
  VERIFY_MESSAGES,
  type BillingHistory,
  type GiftLinkList,
  type PremiumAccess,
  type MailPreferences,
} from '@dispatch/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../test/api-stub';
import { config, publishers, stats, trending } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, TEST_TOKEN, testUser } from '../../test/session';

const user = testUser();
const newPhoto = UploadResponseSchema.parse({ url: `/api/uploads/${'e'.repeat(64)}.webp`, width: 320, height: 320 });

async function openProfile(
  update: (url: URL, request: StubRequest) => unknown = () => user,
  upload: () => unknown = () => new Response(JSON.stringify(newPhoto), { status: 201 }),
  changePassword: (url: URL, request: StubRequest) => unknown = () => ({ endedSessions: 1 }),
) {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    '/api/articles/trending': trending,
    '/api/stats/users': stats,
    ...sessionRoutes(user),
    [apiPaths.updateUser(user.email)]: update,
    [apiPaths.uploads]: upload,
    [apiPaths.changePassword]: changePassword,
    [apiPaths.billingHistory]: billing,
    [apiPaths.userAccess]: access,
    [apiPaths.giftLinks]: giftLinks,
    [apiPaths.mailPreferences]: mailPreferences,
    [apiPaths.resendVerification]: resendVerification,
    [apiPaths.briefMe]: { subscription: null },
  });
  const view = renderRoute('/profile');
  await screen.findByRole('heading', { level: 1, name: TEXT.profile.heading });
  await screen.findByLabelText(TEXT.auth.name);
  return { api, ...view, person: userEvent.setup() };
}

const NO_ACCESS: PremiumAccess = { until: null, active: false, source: null, plan: null, premiumArticles: null };
let access = NO_ACCESS;
let billing: BillingHistory = { premiumTaken: null, payments: [] };
let giftLinks: GiftLinkList = { links: [], usedThisMonth: 0, allowedPerMonth: 5 };
const VERIFIED: MailPreferences = {
  mailEnabled: false,
  emailVerified: true,
  kinds: [{ kind: 'approved', email: true }],
};
let mailPreferences = VERIFIED;
let resendVerification: () => unknown = () => ({ sentTo: user.email });

describe('/profile', () => {
  it("shows the reader's plan, what it includes, how many premium articles are left and until when", async () => {
    const until = '2099-03-06T10:00:00.000Z';
    access = {
      until,
      active: true,
      source: 'pass',
      plan: { id: 'weekly', name: 'Weekly Pass', features: ['Five premium articles', 'The Sunday letter'] },
      premiumArticles: { included: 5, opened: 2 },
    };
    billing = {
      premiumTaken: until,
      payments: [
        {
          _id: 'payment-1',
          createdAt: '2099-02-27T10:00:00.000Z',
          planId: 'weekly',
          planName: 'Weekly Pass (launch offer)',
          amount: 12.5,
          currency: 'eur',
          status: 'paid',
          periodStart: '2099-02-27T10:00:00.000Z',
          periodEnd: until,
          kind: 'payment',
        },
      ],
    };
    const { api } = await openProfile();

    const section = screen.getByRole('region', { name: BILLING_TEXT.heading });
    const plan = await within(section).findByText('Weekly Pass');
    expect(plan.previousElementSibling).toHaveTextContent(ACCESS_TEXT.planLabel);
    expect(within(section).getByText(ACCESS_TEXT.includes)).toBeInTheDocument();
    expect(within(section).getByText('The Sunday letter')).toBeInTheDocument();
    expect(within(section).getByText(ACCESS_TEXT.articlesLeft(3, 5))).toBeInTheDocument();
    expect(within(section).getByText(/^Premium access until .*2099/)).toBeInTheDocument();
    const payment = within(section).getByRole('cell', { name: 'Weekly Pass (launch offer)' });
    expect(payment.closest('tr')).toHaveTextContent('€12.50');
    expect(api.requests(apiPaths.userAccess)[0]?.searchParams.get('email')).toBe(user.email);
    access = NO_ACCESS;
    billing = { premiumTaken: null, payments: [] };
  });

  it('shows complimentary premium as such, with every premium article, and when it ended', async () => {
    access = {
      until: '2025-01-10T10:00:00.000Z',
      active: false,
      source: 'complimentary',
      plan: null,
      premiumArticles: null,
    };
    billing = { premiumTaken: '2025-01-10T10:00:00.000Z', payments: [] };
    await openProfile();

    const section = screen.getByRole('region', { name: BILLING_TEXT.heading });
    expect(await within(section).findByText(ACCESS_TEXT.complimentary)).toBeInTheDocument();
    expect(within(section).getByText(ACCESS_TEXT.allArticles)).toBeInTheDocument();
    expect(within(section).getByText(/^Your premium access ended on .*2025/)).toBeInTheDocument();
    access = NO_ACCESS;
    billing = { premiumTaken: null, payments: [] };
  });

  it('shows no plan to a reader who never had premium', async () => {
    await openProfile();

    const section = screen.getByRole('region', { name: BILLING_TEXT.heading });
    expect(await within(section).findByText(BILLING_TEXT.never)).toBeInTheDocument();
    expect(within(section).queryByText(ACCESS_TEXT.includes)).not.toBeInTheDocument();
  });

  it('offers a reader whose address is not verified a new link, and says where it went or why not', async () => {
    mailPreferences = { ...VERIFIED, mailEnabled: true, emailVerified: false };
    const { api, person } = await openProfile();
    expect(await screen.findByText(NOTICES_TEXT.preferences.unverified)).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: NOTICES_TEXT.preferences.resend }));
    expect(await screen.findByRole('status')).toHaveTextContent(NOTICES_TEXT.preferences.resent(user.email));
    expect(api.calls(apiPaths.resendVerification).map((request) => request.method)).toEqual(['POST']);
    expect(screen.queryByRole('button', { name: NOTICES_TEXT.preferences.resend })).not.toBeInTheDocument();
    cleanup();

    resendVerification = () => errorResponse(429, VERIFY_MESSAGES.tooSoon);
    const again = await openProfile();
    await again.person.click(await screen.findByRole('button', { name: NOTICES_TEXT.preferences.resend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFY_MESSAGES.tooSoon);
    expect(screen.getByRole('button', { name: NOTICES_TEXT.preferences.resend })).toBeEnabled();
    mailPreferences = VERIFIED;
    resendVerification = () => ({ sentTo: user.email });
  });

  it("lists the reader's gift links with their opens, only when there are some", async () => {
    await openProfile();
    expect(screen.queryByRole('heading', { name: REVENUE_TEXT.gifts.profileHeading })).not.toBeInTheDocument();
    cleanup();
    giftLinks = {
      links: [
        {
          _id: 'g1',
          articleId: 'a1',
          articleTitle: 'The Gifted Story',
          createdAt: '2026-05-01T10:00:00.000Z',
          expiresAt: '2099-05-15T10:00:00.000Z',
          revokedAt: null,
          opens: 2,
        },
      ],
      usedThisMonth: 1,
      allowedPerMonth: 5,
    };
    await openProfile();
    const section = await screen.findByRole('region', { name: REVENUE_TEXT.gifts.profileHeading });
    expect(section).toHaveTextContent('The Gifted Story');
    expect(section).toHaveTextContent(REVENUE_TEXT.gifts.opens(2));
    expect(section).toHaveTextContent(REVENUE_TEXT.gifts.quota(1, 5));
    expect(within(section).getByRole('button', { name: REVENUE_TEXT.gifts.revoke })).toBeEnabled();
    giftLinks = { links: [], usedThisMonth: 0, allowedPerMonth: 5 };
  });

  it('shows the name to edit, the read-only e-mail and the current photo', async () => {
    const { api } = await openProfile();

    expect(screen.getByLabelText(TEXT.auth.name)).toHaveValue(user.name);
    const email = screen.getByLabelText(TEXT.auth.email);
    expect(email).toHaveValue(user.email);
    expect(email).toHaveAttribute('readonly');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('img', { name: user.name })).toHaveAttribute('src', user.profile_pic);
    expect(screen.getByLabelText(TEXT.profileForm.photo)).toHaveAttribute('type', 'file');
    expect(api.calls(apiPaths.user(user.email))[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it("edits the author page's bio and links: an address that is not http(s) is refused beside its field, sending nothing", async () => {
    const { api, person } = await openProfile((_url, request) => ({ ...user, ...(request.body as object) }));
    await person.type(screen.getByLabelText(AUTHOR_TEXT.profile.bio), 'Covers the harbour.');
    const website = screen.getByLabelText(AUTHOR_TEXT.linkLabels.website);
    await person.type(website, 'javascript:alert(1)');
    await person.click(screen.getByRole('button', { name: TEXT.profile.update }));
    expect(await screen.findByText(AUTHOR_TEXT.linkInvalid)).toBeInTheDocument();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(apiPaths.updateUser(user.email))).toHaveLength(0);

    await person.clear(website);
    await person.type(website, 'https://rosa.example');
    await person.click(screen.getByRole('button', { name: TEXT.profile.update }));
    expect(await screen.findByText(TEXT.toast.saved)).toBeInTheDocument();
    const [patch] = api.calls(apiPaths.updateUser(user.email));
    expect(patch?.body).toEqual({
      name: user.name,
      profile_pic: user.profile_pic,
      bio: 'Covers the harbour.',
      links: { website: 'https://rosa.example' },
    });
  });

  it("saves a new name and photo, says 'Saved!' and updates the navbar photo", async () => {
    const { api, person } = await openProfile((_url, request) => ({ ...user, ...(request.body as object) }));

    await person.clear(screen.getByLabelText(TEXT.auth.name));
    await person.type(screen.getByLabelText(TEXT.auth.name), 'Rosa Editor');
    await person.upload(
      screen.getByLabelText(TEXT.profileForm.photo),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.profile.update })).toBeEnabled());
    await person.click(screen.getByRole('button', { name: TEXT.profile.update }));

    expect(await screen.findByText(TEXT.toast.saved)).toBeInTheDocument();
    const [patch] = api.calls(apiPaths.updateUser(user.email));
    expect(patch?.method).toBe('PATCH');
    expect(patch?.body).toEqual({ name: 'Rosa Editor', profile_pic: newPhoto.url, bio: '', links: {} });
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('img', { name: 'Rosa Editor' })).toHaveAttribute('src', newPhoto.url);
  });

  it("says 'Update failed: ' with the server's message", async () => {
    const { person } = await openProfile(() => errorResponse(400, API_MESSAGES.imageNotOurs));

    await person.type(screen.getByLabelText(TEXT.auth.name), ' Jr');
    await person.click(screen.getByRole('button', { name: TEXT.profile.update }));

    expect(await screen.findByText(`Update failed: ${API_MESSAGES.imageNotOurs}`)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.toast.saved)).not.toBeInTheDocument();
  });

  it('saves nothing while the new photo is refused, and says why', async () => {
    const { api, person } = await openProfile(undefined, () => errorResponse(415, API_MESSAGES.imageUnsupported));

    await person.type(screen.getByLabelText(TEXT.auth.name), ' Jr');
    await person.upload(
      screen.getByLabelText(TEXT.profileForm.photo),
      new File(['not really'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(API_MESSAGES.imageUnsupported)).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: TEXT.profile.update }));

    expect(await screen.findByText(`Update failed: ${API_MESSAGES.imageUnsupported}`)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.toast.saved)).not.toBeInTheDocument();
    expect(api.calls(apiPaths.updateUser(user.email))).toHaveLength(0);
  });

  it('requires a name', async () => {
    const { api, person } = await openProfile();

    await person.clear(screen.getByLabelText(TEXT.auth.name));
    await person.click(screen.getByRole('button', { name: TEXT.profile.update }));

    expect(await screen.findByLabelText(TEXT.auth.name)).toHaveAccessibleDescription(TEXT.validation.nameRequired);
    expect(api.calls(apiPaths.updateUser(user.email))).toHaveLength(0);
  });
});

describe('/profile with unsaved edits', () => {
  it('asks before leaving; Stay keeps the edits', async () => {
    const { person, router } = await openProfile();
    await person.type(screen.getByLabelText(TEXT.auth.name), ' Jr');

    await person.click(within(screen.getByRole('banner')).getByRole('link', { name: TEXT.nav.home }));

    const dialog = await screen.findByRole('alertdialog', { name: TEXT.unsaved.title });
    await person.click(within(dialog).getByRole('button', { name: TEXT.unsaved.stay }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByLabelText(TEXT.auth.name)).toHaveValue(`${user.name} Jr`);
  });

  it("leaves when asked to, saying 'Changes are not saved'", async () => {
    const { api, person, router } = await openProfile();
    await person.type(screen.getByLabelText(TEXT.auth.name), ' Jr');

    await person.click(within(screen.getByRole('banner')).getByRole('link', { name: TEXT.nav.home }));
    const dialog = await screen.findByRole('alertdialog', { name: TEXT.unsaved.title });
    await person.click(within(dialog).getByRole('button', { name: TEXT.unsaved.leave }));

    expect(await screen.findByText(TEXT.toast.changesNotSaved)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls(apiPaths.updateUser(user.email))).toHaveLength(0);
  });

  it('lets a saved form go without asking', async () => {
    const { person, router } = await openProfile((_url, request) => ({ ...user, ...(request.body as object) }));
    await person.type(screen.getByLabelText(TEXT.auth.name), ' Jr');
    await person.click(screen.getByRole('button', { name: TEXT.profile.update }));
    await screen.findByText(TEXT.toast.saved);

    await person.click(within(screen.getByRole('banner')).getByRole('link', { name: TEXT.nav.home }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  describe('changing the password', () => {
    const P = TEXT.passwordForm;

    it('sends the current and the new password, says so and empties the fields', async () => {
      const { api, person } = await openProfile();

      await person.type(screen.getByLabelText(P.currentPassword), 'Old#Pass1');
      await person.type(screen.getByLabelText(P.newPassword), 'New#Pass2');
      await person.click(screen.getByRole('button', { name: P.submit }));

      expect(await screen.findByText(TEXT.toast.passwordChanged)).toBeInTheDocument();
      expect(api.calls(apiPaths.changePassword)[0]?.body).toEqual({
        currentPassword: 'Old#Pass1',
        newPassword: 'New#Pass2',
      });
      expect(screen.getByLabelText(P.currentPassword)).toHaveValue('');
      expect(screen.getByLabelText(P.newPassword)).toHaveValue('');
    });

    it('holds the new password to the registration rule before sending anything', async () => {
      const { api, person } = await openProfile();

      await person.type(screen.getByLabelText(P.currentPassword), 'Old#Pass1');
      await person.type(screen.getByLabelText(P.newPassword), 'weakling');
      await person.click(screen.getByRole('button', { name: P.submit }));

      expect(await screen.findByText(TEXT.validation.passwordComplexity)).toBeInTheDocument();
      expect(screen.getByLabelText(P.newPassword)).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls(apiPaths.changePassword)).toHaveLength(0);
    });

    it('shows a wrong current password next to that field', async () => {
      const { person } = await openProfile(undefined, undefined, () =>
        errorResponse(400, API_MESSAGES.currentPasswordWrong, {
          fieldErrors: { currentPassword: [API_MESSAGES.currentPasswordWrong] },
        }),
      );

      await person.type(screen.getByLabelText(P.currentPassword), 'Wrong#Pass1');
      await person.type(screen.getByLabelText(P.newPassword), 'New#Pass2');
      await person.click(screen.getByRole('button', { name: P.submit }));

      expect(await screen.findByText(API_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
      expect(screen.getByLabelText(P.currentPassword)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText(TEXT.toast.passwordChanged)).not.toBeInTheDocument();
    });

    it('says so when the account has no password to change', async () => {
      const { person } = await openProfile(undefined, undefined, () =>
        errorResponse(409, API_MESSAGES.noPasswordToChange),
      );

      await person.type(screen.getByLabelText(P.currentPassword), 'Any#Pass1');
      await person.type(screen.getByLabelText(P.newPassword), 'New#Pass2');
      await person.click(screen.getByRole('button', { name: P.submit }));

      expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.noPasswordToChange);
    });
  });
});
