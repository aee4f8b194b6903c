import { STORAGE_KEYS, TEXT } from '@dispatch/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, stubApi } from '../test/api-stub';
import { config } from '../test/fixtures';
import { renderRoute } from '../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../test/session';
import { apiPaths } from './paths';

describe('a session that ends while the page is open', () => {
  it('signs the visitor out on the next 401 and sends them to /login', async () => {
    const user = testUser();
    let revoked = false;
    storeToken();
    stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.session]: () => (revoked ? errorResponse(401, 'Your session has expired.') : { user }),
      [new URL(apiPaths.user(user.email), 'http://127.0.0.1').pathname]: () => {
        revoked = true;
        return errorResponse(401, 'Your session has expired.');
      },
    });
    const { router } = renderRoute('/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: TEXT.auth.loginTitle })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
