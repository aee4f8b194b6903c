import type { RoleRecord } from '@dispatch/shared';
import userEvent from '@testing-library/user-event';
import { stubApi } from './api-stub';
import { config } from './fixtures';
import { renderRoute } from './render-route';
import { ROLES, sessionRoutes, storeToken, testUser } from './session';

export const admin = testUser({ _id: 'admin-1', name: 'Edna Editor', email: 'editor@dispatch.test', role: 'admin' });

/** Renders an admin page as a signed-in admin (or another role), with the given API routes stubbed. */
export function openDashboard(path: string, routes: Record<string, unknown> = {}, role: RoleRecord = ROLES.admin) {
  storeToken();
  const api = stubApi({ '/api/config': config, ...sessionRoutes(admin, role), ...routes });
  const view = renderRoute(path);
  return { api, ...view, person: userEvent.setup() };
}
