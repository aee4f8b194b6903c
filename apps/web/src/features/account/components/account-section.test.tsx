import { ACCOUNT_MESSAGES, ACCOUNT_TEXT, STORAGE_KEYS, TEXT } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../../test/api-stub';
import { config, publishers, stats, trending } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../../test/session';

const user = testUser();

async function openProfile(deleteAccount: (url: URL, request: StubRequest) => unknown) {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    '/api/articles/trending': trending,
    '/api/stats/users': stats,
    ...sessionRoutes(user),
    [apiPaths.billingHistory]: { premiumTaken: null, payments: [] },
    [apiPaths.mailPreferences]: { mailEnabled: false, emailVerified: true, kinds: [] },
    [apiPaths.deleteAccount]: deleteAccount,
  });
  const view = renderRoute('/profile');
  const section = await screen.findByRole('region', { name: ACCOUNT_TEXT.heading });
  return { api, ...view, section, person: userEvent.setup() };
}

describe("/profile's account section", () => {
  it('keeps the dialog open with the refusal inside when the password is wrong, and deletes nothing here', async () => {
    const { section, person, router } = await openProfile(() =>
      errorResponse(400, ACCOUNT_MESSAGES.passwordWrong, {
        code: 'VALIDATION_FAILED',
        fieldErrors: { confirmation: [ACCOUNT_MESSAGES.passwordWrong] },
      }),
    );

    await person.click(await within(section).findByRole('button', { name: ACCOUNT_TEXT.deleteButton }));
    const dialog = await screen.findByRole('alertdialog', { name: ACCOUNT_TEXT.dialogTitle });
    await person.type(within(dialog).getByLabelText(ACCOUNT_TEXT.passwordLabel), 'Wrong#2026');
    await person.click(within(dialog).getByRole('button', { name: ACCOUNT_TEXT.confirm }));

    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(ACCOUNT_TEXT.passwordLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/profile');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });

  it('sends the password, then signs out here and goes home saying the account was deleted', async () => {
    const { api, section, person, router } = await openProfile(() => ({ deleted: true }));

    await person.click(await within(section).findByRole('button', { name: ACCOUNT_TEXT.deleteButton }));
    const dialog = await screen.findByRole('alertdialog', { name: ACCOUNT_TEXT.dialogTitle });
    await person.type(within(dialog).getByLabelText(ACCOUNT_TEXT.passwordLabel), 'Reader#2026');
    await person.click(within(dialog).getByRole('button', { name: ACCOUNT_TEXT.confirm }));

    expect(await screen.findByText(ACCOUNT_TEXT.deleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls(apiPaths.deleteAccount)[0]?.body).toEqual({ confirmation: 'Reader#2026' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getAllByRole('link', { name: TEXT.nav.login }).length).toBeGreaterThan(0);
  });
});
