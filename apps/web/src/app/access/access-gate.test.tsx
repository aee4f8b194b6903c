import { TEXT, type RoleRecord } from '@dispatch/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { apiPaths } from '../../lib/paths';
import { stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, testUser } from '../../test/session';
import { AppProviders } from '../providers';
import type { RouteHandle } from '../route-handle';
import { AccessGate } from './access-gate';

const user = testUser();

describe('AccessGate on a signed-in page (/profile)', () => {
  it('sends an anonymous visitor of /profile to /login, and back to /profile after login', async () => {
    stubApi({
      '/api/config': config,
      [apiPaths.login]: { token: 'fresh-token', user },
      ...sessionRoutes(user),
    });
    const { router } = renderRoute('/profile?tab=photo');

    expect(await screen.findByRole('heading', { name: TEXT.auth.loginTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    const person = userEvent.setup();
    await person.type(screen.getByLabelText(TEXT.auth.email), user.email);
    await person.type(screen.getByLabelText(TEXT.auth.password), 'Reader#2026');
    await person.click(screen.getByRole('button', { name: TEXT.auth.login }));

    expect(await screen.findByRole('heading', { level: 1, name: TEXT.profile.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.search).toBe('?tab=photo');
  });

  it('keeps the page it was heading for through the link to /register', async () => {
    stubApi({ '/api/config': config });
    const { router } = renderRoute('/profile');

    await userEvent.setup().click(await screen.findByRole('link', { name: TEXT.auth.register }));

    await screen.findByRole('heading', { name: TEXT.auth.registerTitle });
    expect(router.state.location.state).toEqual({ from: { pathname: '/profile', search: '', hash: '' } });
  });

  it('waits for a stored session before deciding, then shows the page', async () => {
    storeToken();
    stubApi({ '/api/config': config, ...sessionRoutes(user) });
    const { router } = renderRoute('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: TEXT.profile.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});

function renderAdminArea(role?: RoleRecord) {
  if (role) storeToken();
  stubApi({ '/api/config': config, ...(role ? sessionRoutes(user, role) : {}) });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: <AccessGate />,
        handle: { access: 'admin' } satisfies RouteHandle,
        children: [{ path: '/dashboard', element: <h1>Admin overview</h1> }],
      },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/forbidden', element: <h1>Forbidden page</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('AccessGate on an admin page', () => {
  it('lets an admin in once the role lookup says admin', async () => {
    renderAdminArea(ROLES.admin);
    expect(await screen.findByRole('heading', { name: 'Admin overview' })).toBeInTheDocument();
  });

  it('sends a signed-in reader to /forbidden', async () => {
    const router = renderAdminArea(ROLES.premium);
    expect(await screen.findByRole('heading', { name: 'Forbidden page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forbidden');
  });

  it('sends an anonymous visitor to /login, remembering /dashboard', async () => {
    const router = renderAdminArea();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.state).toEqual({ from: { pathname: '/dashboard', search: '', hash: '' } }),
    );
  });
});
