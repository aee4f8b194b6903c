import {
  DAY_MS,
  API_MESSAGES,
  ERROR_CODES,
  providedName,
  tokenTagOf,
  type ChangePasswordInput,
  type ChangePasswordResponse,
  type LoginResponse,
  type User,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit, type CommitDeps } from '../../db/commit.js';
import { AppError, badRequest, conflict } from '../../plugins/errors.js';
import type { CachedSession } from '../../app-types.js';
import { renewalHold, withFamilyAccess } from '../premium/premium-access.js';
import { toUser } from '../users/users.mapper.js';
import * as users from '../users/users.service.js';
import * as repository from './auth.repository.js';
import type { GoogleClaims } from './google.js';
import { hashPassword, verifyPassword } from './password.js';
import { avatarPng, DEFAULT_AVATAR_BACKGROUND } from '../uploads/avatar.js';

export const SESSION_DAYS = 7;
// A session is pushed forward at most once an hour, not on every request.
const EXTEND_AFTER_MS = 60 * 60 * 1000;

type SessionDeps = Pick<AppDeps, 'db' | 'clock' | 'tokens'>;
/** A session's viewer also reads the grace days, which bound a renewal's hold on access. */
type Deps = SessionDeps & Pick<AppDeps, 'config'>;

async function startSession({ db, clock, tokens }: SessionDeps, userId: string): Promise<string> {
  const session = await repository.insertSession(db, userId, new Date(clock().getTime() + SESSION_DAYS * DAY_MS));
  return tokens.sign(session.id, userId);
}

/** The session and its user's current row, pushed forward when due. */
async function loadSession(deps: Deps, sessionId: string, now: Date): Promise<CachedSession | undefined> {
  const found = await repository.findLiveSession(deps.db, sessionId, now);
  if (!found) return undefined;
  let { expiresAt } = found.session;
  const fullExpiry = now.getTime() + SESSION_DAYS * DAY_MS;
  if (fullExpiry - expiresAt.getTime() > EXTEND_AFTER_MS) {
    expiresAt = new Date(fullExpiry);
    await repository.extendSession(deps.db, sessionId, expiresAt);
  }
  const { user, subscription, familySubscription } = found;
  const renewing = renewalHold(subscription, familySubscription, deps.config.payments.graceDays);
  const access = withFamilyAccess(user, found.familyPremiumUntil);
  const viewer = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    premiumTaken: access.premiumUntil,
    premiumArticles: access.premiumArticles,
    ...(found.youngReader && { youngReader: { hiddenTags: found.hiddenTags ?? [] } }),
    ...(subscription?.status === 'past_due' && { pastDue: true as const }),
    ...(renewing && { renewing }),
    sessionId,
  };
  const account = { ...toUser(user), premiumTaken: viewer.premiumTaken?.toISOString() ?? null };
  return { viewer, user: account, expiresAt };
}

/**
 * The viewer behind a token, or undefined when it names no live session. Kept in memory between
 * requests and checked against the user's auth generation, so a logout, a password, role or premium
 * change is seen on the next request (docs/decisions/019-cached-viewers-checked-by-generation.md).
 */
export async function resolveViewer(deps: Deps & Pick<AppDeps, 'viewers'>, token: string): Promise<Viewer | undefined> {
  const claims = await deps.tokens.verify(token);
  return claims && viewerOfSession(deps, claims);
}

/**
 * The page cookie's viewer (decision 041): the same live session as the API token it was issued with, so it
 * ends with it (logout, password change, deletion; a role change is seen at once). Besides the viewer, the
 * tag of the browser's own token.
 */
export async function resolvePageViewer(
  deps: Deps & Pick<AppDeps, 'viewers'>,
  credential: string,
): Promise<{ viewer: Viewer; user: User; tokenTag: string } | undefined> {
  const claims = await deps.tokens.verifyPage(credential);
  const session = claims && (await sessionOf(deps, claims));
  if (!claims || !session) return undefined;
  const { viewer, user } = session;
  return { viewer, user, tokenTag: claims.tokenTag };
}

/** The page cookie's credential for the session of this API token; undefined for a token we did not sign. */
export async function pageCredentialFor(deps: Pick<AppDeps, 'tokens'>, token: string): Promise<string | undefined> {
  const claims = await deps.tokens.verify(token);
  const tokenTag = tokenTagOf(token);
  return claims && tokenTag ? deps.tokens.signPage({ ...claims, tokenTag }) : undefined;
}

async function viewerOfSession(
  deps: Deps & Pick<AppDeps, 'viewers'>,
  claims: { sessionId: string; userId: string },
): Promise<Viewer | undefined> {
  return (await sessionOf(deps, claims))?.viewer;
}

async function sessionOf(
  deps: Deps & Pick<AppDeps, 'viewers'>,
  claims: { sessionId: string; userId: string },
): Promise<CachedSession | undefined> {
  const now = deps.clock();
  // A cached session past its expiry, or due to be pushed forward, goes back to the database.
  const usable = ({ expiresAt }: CachedSession) =>
    expiresAt > now && now.getTime() + SESSION_DAYS * DAY_MS - expiresAt.getTime() <= EXTEND_AFTER_MS;
  const session = await deps.viewers.resolve(claims.sessionId, claims.userId, usable, () =>
    loadSession(deps, claims.sessionId, now),
  );
  // A session id signed for another user is not that user's session.
  return session?.viewer.id === claims.userId ? session : undefined;
}

export async function register(
  deps: Pick<AppDeps, 'db' | 'clock' | 'images' | 'cache' | 'viewers' | 'notifier'>,
  fields: { name: string; email: string; password: string },
  /** Absent only where the site settings make the photo optional: then the account gets the generated avatar. */
  image: Buffer | undefined,
): Promise<User> {
  const { db, clock, images } = deps;
  // Checked before the image is stored, so a duplicate leaves no file behind.
  if (await users.findUserByEmail(db, fields.email)) throw conflict(API_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(fields.password);
  const stored = await images.save(image ?? (await avatarPng(DEFAULT_AVATAR_BACKGROUND)));
  const discardImage = () => (stored.created ? images.remove(stored.url) : Promise.resolve());
  try {
    const now = clock();
    const row = await users.createUserIfEmailFree(
      deps,
      {
        name: fields.name,
        email: fields.email,
        passwordHash,
        profilePic: stored.url,
        role: 'user',
        createdAt: now,
        lastLoginAt: now,
      },
      (tx, created) => deps.notifier.welcome(tx, created, now),
    );
    if (!row) throw conflict(API_MESSAGES.emailTaken);
    return users.toUser(row);
  } catch (error) {
    await discardImage();
    throw error;
  }
}

export const removeExpiredSessions = (db: DbOrTx, now: Date) => repository.deleteExpiredSessions(db, now);

// Verifying against a real hash when the account does not exist keeps both answers equally slow.
let missingAccountHash: Promise<string> | undefined;
const hashForMissingAccount = () => (missingAccountHash ??= hashPassword('no account has this password'));

export async function login(
  deps: Pick<AppDeps, 'db' | 'clock' | 'tokens' | 'loginLimits'>,
  input: { email: string; password: string },
  from: {
    /** The client's address, IPv6 grouped by /64. */
    address: string;
    /** Set when the request carries this account's device cookie (a device it signed in from before). */
    deviceId?: string;
  },
): Promise<LoginResponse> {
  const { db, clock, loginLimits } = deps;
  const { address, deviceId } = from;
  const accountKey = `account:${input.email}`;
  const pairKey = `account:${input.email}|address:${address}`;
  const addressKey = `address:${address}`;
  // A known device answers to its own limit instead of the account-wide one, so strangers who use
  // that one up cannot keep the owner out.
  const wide = deviceId
    ? { limiter: loginLimits.device, key: `account:${input.email}|device:${deviceId}` }
    : { limiter: loginLimits.account, key: accountKey };
  // Taken before the slow check, so that parallel guesses cannot all pass under the limits. One
  // at a time, narrowest first: an attempt a limit refuses is handed back to those already taken,
  // so a guesser blocked at their own address cannot go on to fill the account's wider limit.
  const limits = [
    { limiter: loginLimits.accountAtAddress, key: pairKey },
    wide,
    { limiter: loginLimits.address, key: addressKey },
  ];
  for (const [index, { limiter, key }] of limits.entries()) {
    const waitSeconds = await limiter.take(key);
    if (waitSeconds === 0) continue;
    await Promise.all(limits.slice(0, index).map((taken) => taken.limiter.release(taken.key)));
    throw new AppError(
      ERROR_CODES.tooManyRequests,
      429,
      API_MESSAGES.tooManyLoginAttempts(Math.ceil(waitSeconds / 60)),
    );
  }
  const invalid = () => new AppError(ERROR_CODES.unauthorized, 401, API_MESSAGES.invalidCredentials);
  const row = await users.findUserByEmail(db, input.email);
  let valid = false;
  if (row?.passwordHash) valid = await verifyPassword(row.passwordHash, input.password);
  else await verifyPassword(await hashForMissingAccount(), input.password);
  if (!row || !valid) throw invalid();

  // The session is made only if the password is still the one just checked: a Google sign-in that
  // linked the account meanwhile (ending its password and sessions) must not be outrun.
  const signedIn = await db.transaction(async (tx) => {
    const current = await users.lockUserForUpdate(tx, row.id);
    if (!current || current.passwordHash !== row.passwordHash) return undefined;
    const updated = await users.updateUserRow(tx, row.id, { lastLoginAt: clock() });
    return { token: await startSession({ ...deps, db: tx }, row.id), user: updated! };
  });
  if (!signedIn) throw invalid();
  const user = await users.toUserWithAccess(db, signedIn.user, clock());
  await Promise.all([
    loginLimits.accountAtAddress.clear(pairKey),
    loginLimits.account.clear(accountKey),
    deviceId ? wide.limiter.clear(wide.key) : undefined,
    loginLimits.address.release(addressKey),
  ]);
  return { token: signedIn.token, user };
}

export async function logout(deps: CommitDeps, viewer: Viewer): Promise<void> {
  await commit(deps, async (tx, after) => {
    await repository.deleteSession(tx, viewer.sessionId);
    after.viewerChanged(viewer.id);
  });
}

/**
 * A new password ends the account's other sessions, so whoever knew the old one is signed out
 * everywhere; `keepSessionId` is the session that changed it. Returns how many sessions ended.
 * The caller invalidates the user's cached viewer once this committed (`after.viewerChanged` in its `commit`).
 */
export async function setPassword(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  keepSessionId?: string,
): Promise<number> {
  await users.updateUserRow(db, userId, { passwordHash });
  if (keepSessionId) return repository.deleteOtherSessions(db, userId, keepSessionId);
  await repository.deleteUserSessions(db, userId);
  return 0;
}

export async function changePassword(
  deps: CommitDeps,
  viewer: Viewer,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  const row = await users.findUserById(deps.db, viewer.id);
  if (!row?.passwordHash) throw conflict(API_MESSAGES.noPasswordToChange);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest(API_MESSAGES.currentPasswordWrong, { currentPassword: [API_MESSAGES.currentPasswordWrong] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await commit(deps, async (tx, after) => {
    // Only over the password just checked: a change or a Google link meanwhile wins.
    const current = await users.lockUserForUpdate(tx, viewer.id);
    if (!current || current.passwordHash !== row.passwordHash) return undefined;
    after.viewerChanged(viewer.id);
    return setPassword(tx, viewer.id, passwordHash, viewer.sessionId);
  });
  if (endedSessions === undefined) throw conflict(API_MESSAGES.currentPasswordWrong);
  return { endedSessions };
}

/** The signed-in user, their premium as the viewer holds it (a family member's is the owner's). */
export async function getSessionUser(deps: Pick<AppDeps, 'db'>, viewer: Viewer): Promise<User> {
  return {
    ...(await users.getProfile(deps.db, viewer.email)),
    premiumTaken: viewer.premiumTaken?.toISOString() ?? null,
  };
}

/**
 * A Google sign-in: the account linked to this Google subject, else the account with the same
 * e-mail, else a new account. Only an e-mail Google has verified may do either of the last two.
 *
 * Linking takes the account over for the e-mail's proven owner: our registration never checked
 * the address, so whoever set the password may not be them. The password and every open session
 * go, in the same transaction.
 */
export async function signInWithGoogle(
  deps: Pick<AppDeps, 'db' | 'clock' | 'tokens' | 'cache' | 'viewers'>,
  identity: GoogleClaims,
  makeProfilePic: () => Promise<string>,
): Promise<string> {
  const { db, clock } = deps;
  const now = clock();
  let row = await users.findUserByGoogleSubject(db, identity.subject);
  if (!row) {
    if (!identity.emailVerified) throw new AppError(ERROR_CODES.forbidden, 403, API_MESSAGES.googleEmailUnverified);
    const existing = await users.findUserByEmail(db, identity.email);
    if (existing) {
      row = existing;
      await commit(deps, async (tx, after) => {
        await users.updateUserRow(tx, existing.id, {
          googleSubject: identity.subject,
          passwordHash: null,
          emailVerifiedAt: existing.emailVerifiedAt ?? now,
        });
        await repository.deleteUserSessions(tx, existing.id);
        after.viewerChanged(existing.id);
      });
    } else {
      row = await users.createUserIfEmailFree(deps, {
        name: providedName(identity.name, identity.email),
        email: identity.email,
        googleSubject: identity.subject,
        profilePic: await makeProfilePic(),
        role: 'user',
        createdAt: now,
        // Google has verified it: no welcome link to follow.
        emailVerifiedAt: now,
      });
      if (!row) throw conflict(API_MESSAGES.emailTaken);
    }
  }
  await users.updateUserRow(db, row.id, { lastLoginAt: now });
  return startSession(deps, row.id);
}

/** Ends every session of an account being deleted, in its transaction. */
export const endAllSessions = (tx: DbOrTx, userId: string) => repository.deleteUserSessions(tx, userId);
