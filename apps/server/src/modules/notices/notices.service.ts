import {
  DAY_MS,
  ERROR_CODES,
  NOTICE_TEXT,
  NOTICES_TEXT,
  noticeKindsFor,
  noticePath,
  type MailPreferences,
  type NoticeKind,
  type NoticeList,
  type VerificationSent,
  VERIFICATION_RESEND_MINUTES,
  VERIFY_MESSAGES,
} from '@dispatch/shared';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.js';
import {
  articleNoticeMail,
  briefConfirmationMail,
  familyInvitationMail,
  familyNoticeMail,
  subscriptionMail,
  renderMail,
  verificationMail,
  welcomeMail,
  type MailSite,
  type MailTemplate,
} from './mail-templates.js';
import type { MailTokens } from './mail-tokens.js';
import type { Notifier } from '../../app-types.js';
import * as repository from './notices.repository.js';
import { lockUserForUpdate } from '../users/users.service.js';

// The outbox kinds that carry a verification link (the welcome message has one too).
const VERIFICATION_KIND = 'verification';
const VERIFICATION_KINDS = ['welcome', VERIFICATION_KIND];
const BRIEF_CONFIRMATION_KIND = 'brief-confirm';
const FAMILY_INVITATION_KIND = 'family-invitation';

/**
 * `siteOf` reads the site settings (docs/product.md#site-settings) in the event's transaction, so an e-mail carries
 * the name and address in force when it was written.
 */
export function createNotifier(
  config: Pick<Config, 'mail' | 'publicUrl'>,
  tokens: MailTokens,
  siteOf: (tx: DbOrTx) => Promise<MailSite>,
): Notifier {
  const outboxRow = (
    kind: string,
    to: string,
    mail: MailTemplate,
    at: Date,
    site: MailSite,
  ): repository.NewOutboxMail => {
    const rendered = renderMail(site, mail);
    return {
      kind,
      toAddress: to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      unsubscribeUrl: mail.unsubscribeUrl ?? null,
      createdAt: at,
      nextAttemptAt: at,
    };
  };

  /** The e-mails of a bell event, to those of `recipients` who have not opted out of its kind. */
  const mailEach = async (
    tx: DbOrTx,
    recipients: repository.Recipient[],
    kind: NoticeKind,
    at: Date,
    mail: (person: repository.Recipient, unsubscribeUrl: string, siteName: string) => MailTemplate,
  ) => {
    if (!config.mail) return;
    const site = await siteOf(tx);
    const rows = await Promise.all(
      recipients
        .filter((person) => !person.mailOptOuts.includes(kind))
        .map(async (person) => {
          const unsubscribeUrl = `${config.publicUrl}/unsubscribe?token=${await tokens.unsubscribe(person.id, kind)}`;
          return outboxRow(kind, person.email, mail(person, unsubscribeUrl, site.siteName), at, site);
        }),
    );
    await repository.insertMails(tx, rows);
  };

  const subscriptionEvents: Notifier['subscriptionEvents'] = async (tx, events) => {
    if (!config.mail || events.length === 0) return;
    const people = new Map(
      (await repository.findRecipients(tx, [...new Set(events.map((event) => event.userId))])).map((person) => [
        person.id,
        person,
      ]),
    );
    const site = await siteOf(tx);
    const siteName = site.siteName;
    const rows = [];
    for (const event of events) {
      const person = people.get(event.userId);
      if (!person || person.mailOptOuts.includes(event.kind)) continue;
      const base = {
        siteName,
        recipientName: person.name,
        kind: event.kind,
        actionUrl: `${config.publicUrl}${event.kind === 'premium-ending' || event.kind === 'premium-lapsed' ? '/subscription' : '/profile'}`,
        unsubscribeUrl: `${config.publicUrl}/unsubscribe?token=${await tokens.unsubscribe(person.id, event.kind)}`,
      };
      rows.push(outboxRow(event.kind, person.email, subscriptionMail(base, event), event.at, site));
    }
    if (rows.length > 0) await repository.insertMails(tx, rows);
  };

  const verifyUrlFor = async (user: { id: string; email: string }) =>
    `${config.publicUrl}/verify-email?token=${await tokens.verifyEmail(user.id, user.email)}`;

  return {
    async articleEvent(tx, event) {
      const { kind, article } = event;
      const recipients =
        NOTICE_TEXT[kind].audience === 'editor'
          ? await repository.findEditors(tx, event.actorId)
          : article.authorId === event.actorId
            ? []
            : [await repository.findRecipient(tx, article.authorId)].filter((one) => one !== undefined);
      if (recipients.length === 0) return;
      const note = event.note || null;
      await repository.insertNotifications(
        tx,
        recipients.map((person) => ({
          userId: person.id,
          kind,
          articleId: article.id,
          articleTitle: article.title,
          note,
          createdAt: event.at,
        })),
      );
      await mailEach(tx, recipients, kind, event.at, (person, unsubscribeUrl, siteName) =>
        articleNoticeMail({
          siteName,
          kind,
          recipientName: person.name,
          articleTitle: article.title,
          note,
          actionUrl: `${config.publicUrl}${noticePath(kind, article.id)}`,
          unsubscribeUrl,
        }),
      );
    },

    subscriptionEvent: (tx, event) => subscriptionEvents(tx, [event]),
    subscriptionEvents,

    async welcome(tx, user, at) {
      if (!config.mail) return;
      const verifyUrl = await verifyUrlFor(user);
      const site = await siteOf(tx);
      const mail = welcomeMail({ siteName: site.siteName, recipientName: user.name, verifyUrl });
      await repository.insertMails(tx, [outboxRow('welcome', user.email, mail, at, site)]);
    },

    async briefConfirmation(tx, to, confirmUrl, at) {
      const site = await siteOf(tx);
      const mail = briefConfirmationMail({ siteName: site.siteName, confirmUrl });
      await repository.insertMails(tx, [outboxRow(BRIEF_CONFIRMATION_KIND, to, mail, at, site)]);
    },

    async familyInvitation(tx, to, input, at) {
      if (!config.mail) return;
      const site = await siteOf(tx);
      const mail = familyInvitationMail({ siteName: site.siteName, ...input });
      await repository.insertMails(tx, [outboxRow(FAMILY_INVITATION_KIND, to, mail, at, site)]);
    },

    async familyEvent(tx, { kind, memberIds, ownerName, at }) {
      const recipients = (await Promise.all(memberIds.map((id) => repository.findRecipient(tx, id)))).filter(
        (person) => person !== undefined,
      );
      if (recipients.length === 0) return;
      await repository.insertNotifications(
        tx,
        recipients.map((person) => ({ userId: person.id, kind, articleTitle: ownerName, createdAt: at })),
      );
      await mailEach(tx, recipients, kind, at, (person, unsubscribeUrl, siteName) =>
        familyNoticeMail({
          siteName,
          kind,
          ownerName,
          recipientName: person.name,
          actionUrl: `${config.publicUrl}${noticePath(kind, '')}`,
          unsubscribeUrl,
        }),
      );
    },

    async verification(tx, user, at) {
      const verifyUrl = await verifyUrlFor(user);
      const site = await siteOf(tx);
      const mail = verificationMail({ siteName: site.siteName, recipientName: user.name, verifyUrl });
      await repository.insertMails(tx, [outboxRow(VERIFICATION_KIND, user.email, mail, at, site)]);
    },
  };
}

const toNoticeId = (id: string | undefined) => {
  if (id === undefined) return undefined;
  if (!/^\d{1,15}$/.test(id)) throw badRequest('upTo must be the id of a notice');
  return Number(id);
};

/** The bell's notices, newest first: the latest `limit`, or every one (the account export). */
export async function listNotices(db: DbOrTx, userId: string, limit?: number): Promise<NoticeList> {
  const { rows, unread } = await repository.listForUser(db, userId, limit);
  return {
    unread,
    notices: rows.map((row) => ({
      _id: String(row.id),
      kind: row.kind as NoticeKind,
      article: row.articleId ? { _id: row.articleId, title: row.articleTitle } : null,
      ...(NOTICE_TEXT[row.kind as NoticeKind]?.audience === 'family' && { family: { owner: row.articleTitle } }),
      note: row.note,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export const countUnread = (db: DbOrTx, userId: string) => repository.countUnread(db, userId);

export async function markRead(db: DbOrTx, userId: string, at: Date, upTo?: string) {
  await repository.markRead(db, userId, at, toNoticeId(upTo));
  return { unread: await repository.countUnread(db, userId) };
}

export async function getPreferences(
  db: DbOrTx,
  config: Pick<Config, 'mail'>,
  userId: string,
): Promise<MailPreferences> {
  const row = await repository.findPreferences(db, userId);
  if (!row) throw notFound();
  return {
    mailEnabled: config.mail !== undefined,
    emailVerified: row.emailVerifiedAt !== null,
    kinds: noticeKindsFor(row.role).map((kind) => ({ kind, email: !row.mailOptOuts.includes(kind) })),
  };
}

export async function setPreferences(
  db: DbOrTx,
  config: Pick<Config, 'mail'>,
  userId: string,
  optOuts: NoticeKind[],
): Promise<MailPreferences> {
  await repository.setOptOuts(db, userId, [...new Set(optOuts)]);
  return getPreferences(db, config, userId);
}

export async function unsubscribe(db: DbOrTx, tokens: MailTokens, token: string) {
  const claims = await tokens.readUnsubscribe(token);
  if (!claims || !(await repository.addOptOut(db, claims.userId, claims.kind))) {
    throw badRequest(NOTICES_TEXT.unsubscribe.invalid);
  }
  return { kind: claims.kind };
}

export async function verifyEmail(db: DbOrTx, tokens: MailTokens, token: string, at: Date) {
  const claims = await tokens.readVerifyEmail(token);
  if (!claims || !(await repository.markVerified(db, claims.userId, claims.email, at))) {
    throw badRequest(NOTICES_TEXT.verify.invalid);
  }
  return { verified: true as const };
}

/** Forgets a person who deleted their account: their notices, and the outbox's mail to them (sent or not). */
export const removeNoticesOf = (tx: DbOrTx, userId: string, email: string) =>
  repository.removeAllFor(tx, userId, email);

// A sent e-mail's copy (an address, a verification or unsubscribe link, a receipt) is kept a month for an
// operator's questions, then removed: the outbox is a queue, not an archive. One given up on stays longer.
const SENT_MAIL_KEPT_DAYS = 30;
const FAILED_MAIL_KEPT_DAYS = 90;

/** Housekeeping: outbox rows sent or given up on long enough ago. */
export const removeFinishedMail = (db: DbOrTx, now: Date) =>
  repository.removeFinishedMailBefore(
    db,
    new Date(now.getTime() - SENT_MAIL_KEPT_DAYS * DAY_MS),
    new Date(now.getTime() - FAILED_MAIL_KEPT_DAYS * DAY_MS),
  );

/**
 * A new verification link for a signed-in reader whose address is not verified, at most one every
 * VERIFICATION_RESEND_MINUTES (counting the welcome message's). The reader's row is locked while the
 * last link is looked up, so two clicks at once send one e-mail.
 */
export async function resendVerification(
  deps: { db: DbOrTx; config: Pick<Config, 'mail'>; notifier: Notifier; clock: () => Date },
  userId: string,
): Promise<VerificationSent> {
  if (!deps.config.mail) throw conflict(VERIFY_MESSAGES.mailOff);
  return deps.db.transaction(async (tx) => {
    const user = await lockUserForUpdate(tx, userId);
    if (!user) throw notFound();
    if (user.emailVerifiedAt) throw conflict(VERIFY_MESSAGES.alreadyVerified);
    const now = deps.clock();
    const last = await repository.lastMailAt(tx, user.email, VERIFICATION_KINDS);
    if (last && now.getTime() - last.getTime() < VERIFICATION_RESEND_MINUTES * 60_000) {
      throw new AppError(ERROR_CODES.tooManyRequests, 429, VERIFY_MESSAGES.tooSoon);
    }
    await deps.notifier.verification(tx, user, now);
    return { sentTo: user.email };
  });
}
