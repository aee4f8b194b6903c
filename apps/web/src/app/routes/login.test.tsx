import { API_MESSAGES, GOOGLE_MESSAGE_TYPE, STORAGE_KEYS, TEXT } from '@dispatch/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';

const user = testUser();

async function fillAndSubmit(email = user.email, password = 'Reader#2026') {
  const person = userEvent.setup();
  await person.type(await screen.findByLabelText(TEXT.auth.email), email);
  await person.type(screen.getByLabelText(TEXT.auth.password), password);
  await person.click(screen.getByRole('button', { name: TEXT.auth.login }));
  return person;
}

describe('/login', () => {
  it('logs in, says so, keeps the token and goes home with the signed-in navbar', async () => {
    const api = stubApi({
      '/api/config': config,
      [apiPaths.login]: { token: 'fresh-token', user },
      ...sessionRoutes(user),
    });
    const { router } = renderRoute('/login');

    await fillAndSubmit('Reader@Example.com');

    expect(await screen.findByText(TEXT.toast.loginSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-token');
    expect(await screen.findByRole('link', { name: user.name })).toHaveAttribute('href', '/profile');
    expect(api.calls(apiPaths.login)[0]?.body).toEqual({ email: 'reader@example.com', password: 'Reader#2026' });
  });

  it("shows the server's message as a toast and beside Login when the e-mail or password is wrong, and stays", async () => {
    stubApi({
      '/api/config': config,
      [apiPaths.login]: () => errorResponse(401, API_MESSAGES.invalidCredentials),
    });
    const { router } = renderRoute('/login');

    await fillAndSubmit(user.email, 'Wrong#2026');

    const said = await screen.findAllByText(TEXT.toast.loginFailed);
    expect(said).toHaveLength(2);
    const inline = said.find((element) => element.closest('form'));
    expect(inline).toHaveAttribute('role', 'alert');
    // Right above the button it is about.
    expect(inline!.nextElementSibling).toBe(screen.getByRole('button', { name: TEXT.auth.login }));
    expect(said.find((element) => element.closest('.Toastify'))).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.queryByText(TEXT.toast.loginSuccess)).not.toBeInTheDocument();
  });

  it('shows the rate-limit message after too many failures', async () => {
    stubApi({
      '/api/config': config,
      [apiPaths.login]: () => errorResponse(429, API_MESSAGES.tooManyLoginAttempts(15)),
    });
    renderRoute('/login');

    await fillAndSubmit();

    // A toast, and the same beside the button.
    expect(await screen.findAllByText('Too many failed login attempts. Please try again in 15 minutes.')).toHaveLength(
      2,
    );
  });

  it('holds Login while the request is on its way, keeping keyboard focus on it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = stubApi({
      '/api/config': config,
      [apiPaths.login]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/login');

    const person = userEvent.setup();
    await person.type(await screen.findByLabelText(TEXT.auth.email), user.email);
    await person.type(screen.getByLabelText(TEXT.auth.password), 'Reader#2026');
    await person.tab();
    const button = screen.getByRole('button', { name: TEXT.auth.login });
    expect(button).toHaveFocus();
    await person.keyboard('{Enter}');

    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    await person.keyboard('{Enter}');
    await person.click(button);
    expect(api.requests(apiPaths.login)).toHaveLength(1);

    act(() => answer(errorResponse(401, API_MESSAGES.invalidCredentials)));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveFocus();
  });

  it('asks for the e-mail and the password next to the fields', async () => {
    const api = stubApi({ '/api/config': config });
    renderRoute('/login');

    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: TEXT.auth.login }));

    expect(await screen.findByText(TEXT.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.auth.email)).toHaveAccessibleDescription(TEXT.validation.emailRequired);
    expect(screen.getByLabelText(TEXT.auth.password)).toHaveAccessibleDescription(TEXT.validation.passwordRequired);
    expect(api.requests(apiPaths.login)).toHaveLength(0);
  });

  it('links to /register', async () => {
    stubApi({ '/api/config': config });
    renderRoute('/login');
    expect(await screen.findByRole('link', { name: TEXT.auth.register })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: config.siteName })).toHaveAttribute('href', '/');
  });

  it("hands the server's ?redirect= on to /register, so registering first still comes back to the article", async () => {
    stubApi({ '/api/config': config });
    const { router } = renderRoute(`/login?redirect=${encodeURIComponent('/articles/42?gift=abc')}`);
    await userEvent.setup().click(await screen.findByRole('link', { name: TEXT.auth.register }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/articles/42', search: '?gift=abc', hash: '' } });
  });

  it('sends someone already signed in on to the home page', async () => {
    storeToken();
    stubApi({ '/api/config': config, ...sessionRoutes(user) });
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('Sign in with Google', () => {
  it('says so, and cannot be pressed, when the site has no Google sign-in', async () => {
    stubApi({ '/api/config': config });
    renderRoute('/login');

    const button = await screen.findByRole('button', { name: TEXT.auth.googleSignIn });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(API_MESSAGES.googleNotConfigured);
  });

  it('opens the popup, takes the token it posts from this origin and logs in', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus: () => undefined } as Window);
    stubApi({ '/api/config': { ...config, googleSignIn: true }, ...sessionRoutes(user) });
    const { router } = renderRoute('/login');

    const button = await screen.findByRole('button', { name: TEXT.auth.googleSignIn });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    expect(open).toHaveBeenLastCalledWith(
      apiPaths.googleSignIn,
      expect.any(String),
      expect.stringContaining('width=500'),
    );

    const post = (data: unknown, origin: string) =>
      act(() => window.dispatchEvent(new MessageEvent('message', { data, origin })));
    post({ type: GOOGLE_MESSAGE_TYPE, token: 'stolen' }, 'https://evil.example');
    post({ type: 'something-else', token: 'other' }, window.location.origin);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    post({ type: GOOGLE_MESSAGE_TYPE, token: 'google-token' }, window.location.origin);

    expect(await screen.findByText(TEXT.toast.googleLoginSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('google-token');
  });

  it('ignores a failed Google sign-in silently', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ focus: () => undefined } as Window);
    const api = stubApi({ '/api/config': { ...config, googleSignIn: true } });
    const { router } = renderRoute('/login');

    const button = await screen.findByRole('button', { name: TEXT.auth.googleSignIn });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: GOOGLE_MESSAGE_TYPE, error: API_MESSAGES.googleFailed },
          origin: window.location.origin,
        }),
      ),
    );

    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requests(apiPaths.session)).toHaveLength(0);
  });
});
