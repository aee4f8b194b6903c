import {
  ACCOUNT_MESSAGES,
  FAMILY_MESSAGES,
  API_MESSAGES,
  DELETE_CONFIRMATION_WORD,
  type AccountExport,
  type DeleteAccountInput,
} from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, Viewer } from '../../app-types.js';
import { queryRows } from '../../db/client.js';
import { commit } from '../../db/commit.js';
import { LOCKS } from '../../db/locks.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../plugins/errors.js';
import { getArticlesForExport, removeArticlesOf } from '../writing/writing.service.js';
import { endAllSessions } from '../auth/auth.service.js';
import { getSignupForExport } from '../brief/signups.service.js';
import { verifyPassword } from '../auth/password.js';
import { getPreferences, listNotices, removeNoticesOf } from '../notices/notices.service.js';
import { detachPayments, listAllPayments } from '../payments/payments.service.js';
import { cancelAtProviders, endSubscriptionsOf } from '../subscriptions/subscriptions.service.js';
import { removeImagesNoLongerUsed } from '../uploads/uploads.service.js';
import { countAdmins, findUserById, lockUserForUpdate, removeUserRow } from '../users/users.service.js';
import { endFamilyOf } from '../family/family-access.js';

/** Everything the site holds about the signed-in reader, read in one snapshot. */
export async function exportAccount(
  { db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  viewer: Viewer,
): Promise<AccountExport> {
  return db.transaction(async (tx) => {
    const row = await findUserById(tx, viewer.id);
    if (!row) throw unauthorized(API_MESSAGES.sessionExpired);
    const preferences = await getPreferences(tx, config, row.id);
    return {
      exportedAt: clock().toISOString(),
      profile: {
        name: row.name,
        email: row.email,
        profile_pic: row.profilePic,
        role: row.role,
        premiumTaken: row.premiumUntil?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        last_login_at: row.lastLoginAt?.toISOString() ?? null,
        emailVerified: row.emailVerifiedAt !== null,
        signsInWith: [
          ...(row.passwordHash ? ['password' as const] : []),
          ...(row.googleSubject ? ['google' as const] : []),
        ],
      },
      articles: await getArticlesForExport(tx, row.id),
      payments: await listAllPayments(tx, row.id),
      notices: (await listNotices(tx, row.id)).notices,
      notificationPreferences: preferences.kinds,
      dailyBrief: await getSignupForExport(tx, row.email),
    };
  });
}

/** An account with a password proves it is its owner with it; one that signs in with Google types the word. */
async function checkConfirmation(row: { passwordHash: string | null }, confirmation: string) {
  const refuse = (message: string) => badRequest(message, { confirmation: [message] });
  if (!row.passwordHash) {
    if (confirmation.trim() !== DELETE_CONFIRMATION_WORD) throw refuse(ACCOUNT_MESSAGES.confirmationRequired);
  } else if (!confirmation) {
    throw refuse(ACCOUNT_MESSAGES.passwordRequired);
  } else if (!(await verifyPassword(row.passwordHash, confirmation))) {
    throw refuse(ACCOUNT_MESSAGES.passwordWrong);
  }
}

/**
 * Deletes the signed-in reader's account in one transaction (docs/decisions/026-deleting-an-account.md):
 * sessions, notices and mail to them, their articles and the account go; payments stay, tied to nobody; a
 * subscription kept at Stripe is cancelled there once it has committed.
 * The last admin cannot leave. Images nobody uses any more are removed once it has committed.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'cache' | 'viewers' | 'images' | 'notifier' | 'clock' | 'payments'>,
  viewer: Viewer,
  input: DeleteAccountInput,
  log: FastifyBaseLogger,
): Promise<{ deleted: true }> {
  // Parental controls (docs/product.md#parental-controls): the family's owner removes a young reader first.
  if (viewer.youngReader) throw forbidden(FAMILY_MESSAGES.youngReaderDelete);
  const { db, images, notifier, clock } = deps;
  const before = await findUserById(db, viewer.id);
  if (!before) throw unauthorized(API_MESSAGES.sessionExpired);
  // Checked outside the transaction: argon2 takes a while, and no lock should wait for it.
  await checkConfirmation(before, input.confirmation ?? '');

  const { imageUrls, ended } = await commit(deps, async (tx, after) => {
    const row = await lockUserForUpdate(tx, viewer.id);
    // A password changed meanwhile: the one just checked no longer proves anything.
    if (!row || row.passwordHash !== before.passwordHash) throw badRequest(ACCOUNT_MESSAGES.passwordWrong);
    if (row.role === 'admin') {
      await queryRows(tx, sql`select pg_advisory_xact_lock(${LOCKS.adminDeletion})`);
      if ((await countAdmins(tx)) <= 1) throw conflict(ACCOUNT_MESSAGES.lastAdmin);
    }
    after.viewerChanged(viewer.id);
    await endFamilyOf({ notifier }, tx, after, viewer, clock());
    await endAllSessions(tx, row.id);
    await removeNoticesOf(tx, row.id, row.email);
    const ended = await endSubscriptionsOf(tx, row.id, clock());
    await detachPayments(tx, row.id);
    const articleImages = await removeArticlesOf(tx, row.id);
    after.stale('catalogue');
    await removeUserRow(tx, row.id);
    after.stale('users');
    return { imageUrls: [row.profilePic, ...articleImages], ended };
  });

  // Outside the transaction: Stripe's answer may take a while, and the account is gone whatever it says.
  await cancelAtProviders(deps, log, ended);
  await removeImagesNoLongerUsed(db, images, imageUrls);
  return { deleted: true };
}
