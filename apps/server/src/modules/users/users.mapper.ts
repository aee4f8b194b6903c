import type { AdminUser, PremiumAccess, RoleRecord, User } from '@dispatch/shared';
import type { FamilyTie, LatestPass, UserRow } from './users.repository.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    profile_pic: row.profilePic,
    role: row.role,
    premiumTaken: iso(row.premiumUntil),
    created_at: row.createdAt.toISOString(),
    last_login_at: iso(row.lastLoginAt),
    // The API keeps both original field names; Google and password sign-ins share one column.
    last_log_in: iso(row.lastLoginAt),
    slug: row.slug,
    bio: row.bio,
    links: row.links,
  };
}

export function toRoleRecord(
  row: Pick<UserRow, 'role' | 'premiumUntil'>,
  premiumArticles: PremiumAccess['premiumArticles'],
): RoleRecord {
  return { role: row.role, premiumTaken: iso(row.premiumUntil), premiumArticles };
}

/** A row of the admin's users table: the plan named is the latest pass's, as it was bought; the family, if any. */
export function toAdminUser(
  row: UserRow,
  accessSource: AdminUser['accessSource'],
  pass: LatestPass,
  family: FamilyTie,
  subscription: AdminUser['subscription'],
): AdminUser {
  return { ...toUser(row), accessSource, planName: pass?.planName ?? null, family, subscription };
}
