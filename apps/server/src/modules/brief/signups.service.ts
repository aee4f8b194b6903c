import {
  BRIEF_MESSAGES,
  ERROR_CODES,
  type BriefSettings,
  type BriefSubscribeInputSchema,
  type BriefSubscription,
} from '@dispatch/shared';
import type { z } from 'zod';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import type { Transaction } from '../../db/commit.js';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.js';
import { getPublishers } from '../publishers/publishers.service.js';
import { checkTagChoices } from '../tags/tags.service.js';
import { findUserByEmail, findUserById } from '../users/users.service.js';
import * as repository from './signups.repository.js';
import { hasHighlights } from './compose.js';
import { nextBriefAt } from './signups.schedule.js';
import { createBriefTokens, type BriefTokens } from './signups.tokens.js';

/*
 * Who gets the daily brief (docs/product.md#the-daily-brief): one row per address. A visitor's address is
 * confirmed by a link before anything is sent (double opt-in); a signed-in reader whose account address is
 * verified has proven it already. Nothing here tells a caller whether an address was subscribed before.
 */

type SubscribeInput = z.output<typeof BriefSubscribeInputSchema>;
type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'secret' | 'cache'>;

const tokensBySecret = new Map<string, BriefTokens>();
function tokensFor(secret: string) {
  let tokens = tokensBySecret.get(secret);
  if (!tokens) tokensBySecret.set(secret, (tokens = createBriefTokens(secret)));
  return tokens;
}

/**
 * The links a brief carries to stop it (every brief, for the sender): the web page that asks, and the RFC 8058
 * one-click address for `List-Unsubscribe` / `List-Unsubscribe-Post`. With `sendId` the unsubscribe is counted
 * for that send.
 */
export async function unsubscribeLinks(
  deps: Pick<AppDeps, 'config' | 'secret'>,
  signupId: string,
  sendId?: string,
): Promise<{ pageUrl: string; oneClickUrl: string }> {
  const token = await tokensFor(deps.secret).unsubscribe(signupId, sendId);
  return {
    pageUrl: `${deps.config.publicUrl}/brief/unsubscribe?token=${token}`,
    oneClickUrl: `${deps.config.publicUrl}/api/brief/unsubscribe?token=${token}`,
  };
}

/** The address a subscribe request is for: the account's when signed in, else the one typed. */
export const subscriberAddress = (viewer: Viewer | null, input: Pick<SubscribeInput, 'email'>) =>
  viewer ? viewer.email.toLowerCase() : input.email;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The settings as stored, once every publisher named is known to exist and every tag is offered (or followed
 * already: an archive does not take a follow away).
 */
async function checkedSettings(deps: Pick<AppDeps, 'db' | 'cache'>, settings: BriefSettings, email: string) {
  const tags = [...new Set(settings.tags.map((tag) => tag.trim()).filter(Boolean))];
  await checkTagChoices(deps, tags, 'tags', async () => (await repository.findByEmail(deps.db, email))?.tags ?? []);
  const publisherIds = [...new Set(settings.publishers.map((id) => id.toLowerCase()))];
  if (publisherIds.length > 0) {
    const known = new Set((await getPublishers(deps)).map((publisher) => publisher._id));
    if (publisherIds.some((id) => !UUID.test(id) || !known.has(id))) {
      throw badRequest(BRIEF_MESSAGES.unknownPublisher, { publishers: [BRIEF_MESSAGES.unknownPublisher] });
    }
  }
  return {
    hour: settings.hour,
    timeZone: settings.timeZone,
    tags,
    publisherIds,
  };
}

/** The follows again in the write's transaction, with the tags as they are now, held until it commits. */
const recheckFollows = (deps: Pick<AppDeps, 'db' | 'cache'>, tx: Transaction, tags: string[], email: string) =>
  checkTagChoices(deps, tags, 'tags', async () => (await repository.findByEmail(tx, email))?.tags ?? [], tx);

/**
 * `POST /api/brief/subscribe`. A verified reader is subscribed at once; anyone else gets a confirmation link and
 * the same answer whatever the address's row held, and an active sign-up is not changed by a request that
 * has not proven the address.
 */
export async function subscribe(
  deps: Deps & Pick<AppDeps, 'notifier'>,
  viewer: Viewer | null,
  input: SubscribeInput,
): Promise<{ status: 'pending' | 'active'; email: string }> {
  if (!deps.config.mail) throw conflict(BRIEF_MESSAGES.mailOff);
  const email = subscriberAddress(viewer, input);
  if (!email) throw badRequest(BRIEF_MESSAGES.emailRequired, { email: [BRIEF_MESSAGES.emailRequired] });
  const settings = await checkedSettings(deps, input, email);
  const verified = viewer ? Boolean((await findUserById(deps.db, viewer.id))?.emailVerifiedAt) : false;
  const now = deps.clock();
  const confirmUrl = async (signupId: string) =>
    `${deps.config.publicUrl}/brief/confirm?token=${await tokensFor(deps.secret).confirm(signupId, email, now)}`;

  return deps.db.transaction(async (tx) => {
    await recheckFollows(deps, tx, settings.tags, email);
    const existing =
      (await repository.lockByEmail(tx, email)) ??
      (await repository.insert(tx, { email, userId: viewer?.id ?? null, status: 'pending', ...settings })) ??
      (await repository.lockByEmail(tx, email))!;
    const userId = viewer?.id ?? existing.userId;
    // Unsubscribed or refused by its server: the address proves itself again by the link, whoever asks (until it
    // is followed the row keeps when it stopped, so asking twice is no way round it).
    const stoppedBefore = existing.unsubscribedAt !== null || existing.suppressedAt !== null;
    const mayActivate = verified && (existing.status === 'active' || (existing.status === 'pending' && !stoppedBefore));
    if (mayActivate) {
      await repository.update(tx, existing.id, {
        ...settings,
        userId,
        status: 'active',
        confirmedAt: existing.status === 'active' ? existing.confirmedAt : now,
        nextBriefAt: nextBriefAt(settings.hour, settings.timeZone, now),
        updatedAt: now,
      });
      return { status: 'active' as const, email };
    }
    if (existing.status !== 'active') {
      await repository.update(tx, existing.id, { ...settings, userId, status: 'pending', updatedAt: now });
      await deps.notifier.briefConfirmation(tx, email, await confirmUrl(existing.id), now);
    }
    return { status: 'pending' as const, email };
  });
}

const linkInvalid = () => badRequest(BRIEF_MESSAGES.linkInvalid);

/** `POST /api/brief/confirm`: the confirmation link's token makes a pending sign-up active. */
export async function confirm(deps: Deps, token: string): Promise<{ status: 'active'; email: string }> {
  const now = deps.clock();
  const claims = await tokensFor(deps.secret).readConfirm(token, now);
  const row = claims && (await repository.findById(deps.db, claims.signupId));
  if (!claims || !row || row.email !== claims.email) throw linkInvalid();
  if (row.status === 'active') return { status: 'active', email: row.email };
  if (row.status !== 'pending') throw linkInvalid();
  // An account with this address owns the row: it goes with the account and shows in its export.
  const userId = row.userId ?? (await findUserByEmail(deps.db, row.email))?.id ?? null;
  await repository.update(deps.db, row.id, {
    status: 'active',
    userId,
    confirmedAt: now,
    unsubscribedAt: null,
    suppressedAt: null,
    suppressedReason: null,
    nextBriefAt: nextBriefAt(row.hour, row.timeZone, now),
    updatedAt: now,
  });
  return { status: 'active', email: row.email };
}

function toBriefSubscription(row: repository.SignupRow, highlights: boolean): BriefSubscription {
  return {
    email: row.email,
    status: row.status,
    hour: row.hour,
    timeZone: row.timeZone,
    tags: row.tags,
    publishers: row.publisherIds,
    highlights,
    lastBriefAt: row.lastBriefAt?.toISOString() ?? null,
    suppressedReason: row.status === 'suppressed' ? row.suppressedReason : null,
  };
}

const mine = async (deps: Deps, viewer: Viewer, row: repository.SignupRow | undefined) => ({
  subscription: row ? toBriefSubscription(row, await hasHighlights(deps, viewer.email)) : null,
});

/** `GET /api/brief/me`: the sign-up of the account's address, or null. */
export async function getMine(deps: Deps, viewer: Viewer) {
  return mine(deps, viewer, await repository.findByEmail(deps.db, viewer.email));
}

/** `PUT /api/brief/me`: the hour, zone and follows; the next brief moves to the new hour. */
export async function saveMine(deps: Deps, viewer: Viewer, input: BriefSettings) {
  const row = await repository.findByEmail(deps.db, viewer.email);
  if (!row) throw notFound(BRIEF_MESSAGES.notSubscribed);
  const settings = await checkedSettings(deps, input, row.email);
  const now = deps.clock();
  const saved = await deps.db.transaction(async (tx) => {
    await recheckFollows(deps, tx, settings.tags, row.email);
    return repository.update(tx, row.id, {
      ...settings,
      nextBriefAt: row.status === 'active' ? nextBriefAt(settings.hour, settings.timeZone, now) : row.nextBriefAt,
      updatedAt: now,
    });
  });
  return mine(deps, viewer, saved);
}

/** `DELETE /api/brief/me`: stops the brief (only the brief). */
export async function unsubscribeMine(deps: Deps, viewer: Viewer) {
  const row = await repository.findByEmail(deps.db, viewer.email);
  return mine(deps, viewer, row && (await repository.markUnsubscribed(deps.db, row.id, deps.clock())));
}

/**
 * `POST /api/brief/unsubscribe`: a brief's link, without signing in, as often as it is followed. Only the brief
 * stops: the account's other e-mails (users.mail_opt_outs) are not touched.
 */
export async function unsubscribeByToken(deps: Deps, token: string | undefined): Promise<{ status: 'unsubscribed' }> {
  const claims = token ? await tokensFor(deps.secret).readUnsubscribe(token) : undefined;
  if (!claims) throw linkInvalid();
  const now = deps.clock();
  const found = await deps.db.transaction(async (tx) => {
    const row = await repository.markUnsubscribed(tx, claims.signupId, now);
    if (row && claims.sendId) await repository.markDeliveryUnsubscribed(tx, row.id, claims.sendId, now);
    return row !== undefined;
  });
  if (!found) throw linkInvalid();
  return { status: 'unsubscribed' };
}

/**
 * For the sender: the receiving server refused mail to this address for good, so the brief stops until the
 * reader subscribes again (and confirms). An unsubscribed row stays unsubscribed. Whether a row changed.
 */
export async function suppress(db: DbOrTx, signupId: string, reason: string, now: Date): Promise<boolean> {
  return repository.markSuppressed(db, signupId, reason.slice(0, 500), now);
}

/** The account's sign-up, for its export. */
export async function getSignupForExport(db: DbOrTx, email: string): Promise<BriefSubscription | null> {
  const row = await repository.findByEmail(db, email);
  return row ? toBriefSubscription(row, false) : null;
}

export const tooManySubscribes = () => new AppError(ERROR_CODES.tooManyRequests, 429, BRIEF_MESSAGES.tooManyRequests);
