import { STORAGE_KEYS, UserSchema, type RoleRecord, type User } from '@dispatch/shared';
import { apiPaths } from '../lib/paths';
import { noContent } from './api-stub';

export const TEST_TOKEN = 'test-session-token';

export function testUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    _id: 'u1',
    name: 'Rosa Reader',
    email: 'reader@example.com',
    profile_pic: `/api/uploads/${'b'.repeat(64)}.webp`,
    role: 'user',
    premiumTaken: null,
    created_at: '2025-02-01T09:00:00.000Z',
    last_login_at: '2025-02-01T09:00:00.000Z',
    last_log_in: null,
    slug: 'rosa-reader',
    bio: '',
    links: {},
    ...overrides,
  });
}

export const ROLES = {
  user: { role: 'user', premiumTaken: null },
  premium: { role: 'user', premiumTaken: new Date(Date.now() + 60 * 60 * 1000).toISOString() },
  lapsed: { role: 'user', premiumTaken: new Date(Date.now() - 60 * 1000).toISOString() },
  admin: { role: 'admin', premiumTaken: null },
} satisfies Record<string, RoleRecord>;

/** A browser that kept a token from an earlier visit: the app restores the session from it. */
export function storeToken(token = TEST_TOKEN): void {
  window.localStorage.setItem(STORAGE_KEYS.token, token);
}

/** What the server answers a signed-in visitor: session, role lookup, profile and logout. */
export function sessionRoutes(user: User = testUser(), role: RoleRecord = ROLES.user) {
  return {
    [apiPaths.session]: { user },
    [apiPaths.role]: role,
    [new URL(apiPaths.user(user.email), 'http://127.0.0.1').pathname]: user,
    [apiPaths.logout]: () => noContent(),
    // The navbar's bell asks every signed-in page.
    [apiPaths.unreadNotices]: { unread: 0 },
    // /profile asks for the renewing subscription; most readers never had one.
    [apiPaths.subscription]: { subscription: null },
  };
}
