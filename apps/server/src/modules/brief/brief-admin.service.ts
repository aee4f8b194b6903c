import {
  BRIEF_LIMITS,
  BRIEF_MESSAGES,
  BRIEF_TEXT,
  DAY_MS,
  type BriefArticle,
  type BriefPreview,
} from '@dispatch/shared';
import { z } from 'zod';
import nodemailer from 'nodemailer';
import type { AppDeps, Viewer } from '../../app-types.js';
import { badRequest, conflict, notFound } from '../../plugins/errors.js';
import * as repository from './brief-send.repository.js';
import { composeFor, notHidden, toBriefArticle, type Follows } from './compose.js';
import { briefRendererFor } from './sender.js';
import { readSiteSettings } from '../settings/settings.service.js';
import { unsubscribeLinks } from './signups.service.js';
import { hiddenTagsOf, youngReaderControls } from '../family/family-access.js';

/*
 * The editor's side of the brief: a subscriber's preview and a test to oneself, the special edition, the sends'
 * counts; and the public archive of past daily sends.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secret'>;

const SENDS_LISTED = 30;

/** Today's brief as this subscriber would get it next; without an e-mail, the admin's own with every follow. */
export async function previewBrief(deps: Deps, admin: Viewer, email: string | undefined): Promise<BriefPreview> {
  const now = deps.clock();
  let follows: Follows & { email: string } = { tags: [], publisherIds: [], email: admin.email };
  let since: Date | null = new Date(now.getTime() - DAY_MS);
  let subscriptionId: string | undefined;
  if (email) {
    const subscription = await repository.subscriptionByEmail(deps.db, email);
    if (!subscription) throw notFound(BRIEF_MESSAGES.notSubscribed);
    const [userEmail, controls] = subscription.user_id
      ? await Promise.all([
          repository.userEmail(deps.db, subscription.user_id),
          youngReaderControls(deps.db, subscription.user_id),
        ])
      : [undefined, undefined];
    follows = {
      tags: subscription.tags,
      publisherIds: subscription.publisher_ids,
      email: userEmail ?? '',
      // A young reader's brief, as they get it: without the tags their family hides.
      hiddenTags: controls?.hiddenTags ?? [],
    };
    const last = subscription.last_brief_at ?? subscription.confirmed_at;
    since = last ? new Date(last) : since;
    subscriptionId = subscription.id;
  }
  const content = await composeFor(deps, follows, { since, until: now });
  const links = subscriptionId
    ? await unsubscribeLinks(deps, subscriptionId)
    : { pageUrl: `${deps.config.publicUrl}/profile`, oneClickUrl: '' };
  const shown = content ?? { subject: BRIEF_TEXT.noNews, articles: [], highlights: [] };
  const renderer = briefRendererFor(deps.config, await readSiteSettings(deps.db, deps.config));
  const { html, text } = await renderer.render(shown, links.pageUrl);
  return { ...shown, html, text };
}

/** Sends the admin's own preview to the admin's address now, outside the queue. */
export async function sendTestBrief(deps: Deps, admin: Viewer): Promise<{ email: string }> {
  const mail = deps.config.mail;
  // A setting of the site, not an outage: the request cannot succeed until SMTP_URL is set.
  if (!mail) throw conflict(BRIEF_MESSAGES.mailOff);
  const preview = await previewBrief(deps, admin, undefined);
  const transport = nodemailer.createTransport({ url: mail.smtpUrl, connectionTimeout: 10_000, socketTimeout: 30_000 });
  try {
    await transport.sendMail({
      from: mail.from,
      to: admin.email,
      subject: preview.subject,
      html: preview.html,
      text: preview.text,
    });
  } finally {
    transport.close();
  }
  return { email: admin.email };
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** One approved article now, to the active subscribers of the audience: a special send and its deliveries. */
export async function queueSpecialEdition(
  deps: Deps,
  admin: Viewer,
  input: { articleId: string; audience: 'all' | 'premium' | 'free' },
): Promise<{ queued: number }> {
  if (!isUuid(input.articleId)) throw badRequest(BRIEF_MESSAGES.notApproved);
  const now = deps.clock();
  const queued = await deps.db.transaction(async (tx) => {
    const article = await repository.articleTitle(tx, input.articleId);
    if (!article || article.status !== 'approved') throw badRequest(BRIEF_MESSAGES.notApproved);
    return repository.insertSpecial(tx, {
      articleId: input.articleId,
      label: article.title,
      audience: input.audience,
      createdBy: admin.id,
      now,
      graceDays: deps.config.payments.graceDays,
    });
  });
  return { queued };
}

export async function listSends(deps: Pick<AppDeps, 'db'>) {
  const [rows, counts] = await Promise.all([
    repository.recentSends(deps.db, SENDS_LISTED),
    repository.subscriberCounts(deps.db),
  ]);
  const count = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
  return {
    sends: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      label: row.label,
      createdAt: new Date(row.created_at).toISOString(),
      recipients: row.recipients,
      sent: row.sent,
      failed: row.failed,
      bounced: row.bounced,
      unsubscribed: row.unsubscribed,
    })),
    subscribers: { active: count('active'), pending: count('pending'), suppressed: count('suppressed') },
  };
}

/** Past daily sends, newest first, each as the site-wide brief: every article approved that UTC day, as teasers. */
export async function listArchive(deps: Pick<AppDeps, 'db' | 'config'>, viewer: Viewer | null, page: number) {
  const size = BRIEF_LIMITS.archivePageSize;
  const hiddenTags = hiddenTagsOf(viewer) ?? [];
  const { rows, total } = await repository.dailySendsPage(deps.db, (page - 1) * size, size);
  const briefs = await Promise.all(
    rows.map(async (row) => {
      const start = new Date(`${row.label}T00:00:00.000Z`);
      const articles = await repository.approvedBetween(
        deps.db,
        new Date(start.getTime() - 1),
        new Date(start.getTime() + DAY_MS - 1),
      );
      const teasers: BriefArticle[] = articles
        .filter((article) => notHidden(article, hiddenTags))
        .map((article) => toBriefArticle(article, deps.config.publicUrl));
      return { _id: row.id, date: row.label, subject: teasers[0]?.title ?? BRIEF_TEXT.noNews, articles: teasers };
    }),
  );
  return { briefs, total };
}
