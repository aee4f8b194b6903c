import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../../app-types.js';
import type { Config } from '../../config.js';
import * as repository from './brief-send.repository.js';
import {
  briefArticles,
  composeBrief,
  hasHighlights,
  loadHighlights,
  notHidden,
  pickArticles,
  windowStart,
} from './compose.js';
import { buildBriefMessage, parseSender } from './mime.js';
import { createBriefRenderer, type BriefContent, type BriefRenderer } from './render.js';
import { nextBriefAt } from './signups.schedule.js';
import { suppress, unsubscribeLinks } from './signups.service.js';
import { startPeriodic } from '../../plugins/periodic.js';
import { readSiteSettings } from '../settings/settings.service.js';
import type { SiteSettings } from '@dispatch/shared';

/*
 * The daily brief's sender, on every instance (like the mail outbox).
 * (a) Due subscriptions become deliveries of the day's send: the rows are locked (SKIP LOCKED), the deliveries
 *     inserted (unique per send and reader) and the next brief scheduled in one transaction, so a crash loses or
 *     doubles no reader.
 * (b) Queued deliveries are claimed for a lease, composed, rendered and sent through a pooled SMTP transport.
 *     The delivery's id is the Message-ID: a claim that ran out (a killed instance) is sent again under the same
 *     id. A 4xx answer is retried with a growing delay, a 5xx bounces and suppresses the subscription.
 * Told to stop, the sender finishes the messages in hand, marks them and hands back the rest of its claim at once.
 */

export interface BriefSenderOptions {
  /** How long a claim holds: longer than a batch takes to send at the configured rate. */
  leaseMs: number;
  batchSize: number;
  /** Messages of a batch being composed or sent at once: bounds the memory a send holds. */
  concurrency: number;
  /** Sent deliveries are marked in groups of this many (one statement); a kill may send at most these again. */
  markEvery: number;
  /** Subscriptions turned into deliveries per transaction. */
  queueBatchSize: number;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  maxConnections: number;
}

export const BRIEF_SENDER_DEFAULTS: BriefSenderOptions = {
  leaseMs: 300_000,
  batchSize: 500,
  concurrency: 20,
  markEvery: 50,
  queueBatchSize: 500,
  // Briefs are due on the hour; a special edition goes out within seconds.
  pollMs: 5_000,
  retryBaseMs: 60_000,
  maxAttempts: 6,
  maxConnections: 10,
};

const MAX_RETRY_DELAY_MS = 3_600_000;

export type BriefSenderDeps = Pick<AppDeps, 'db' | 'clock' | 'secret'> & {
  config: Config & { mail: NonNullable<Config['mail']> };
};

/** One claimed batch's shared reads: each delivery's content from them. */
interface Edition {
  content(row: repository.ClaimedDelivery): Promise<BriefContent | null>;
}

export interface BriefSender {
  /** Turns due subscriptions into deliveries, a transaction at a time until `stopping` aborts; how many were queued. */
  queueDue(stopping?: AbortSignal): Promise<number>;
  /**
   * Sends queued deliveries that are due, batch after batch; resolves with how many were sent. Once `stopping`
   * aborts it starts no other message and releases the rest of its claim.
   */
  deliverDue(stopping?: AbortSignal): Promise<number>;
  stop(): Promise<void>;
}

const utcDate = (date: Date) => date.toISOString().slice(0, 10);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The SMTP reply code of a failed send, when the server answered one. */
const responseCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { responseCode?: unknown }).responseCode === 'number'
    ? (error as { responseCode: number }).responseCode
    : undefined;

const renderers = new Map<string, BriefRenderer>();

/**
 * The renderer for the site as its settings name it (docs/product.md#site-settings): one per name, contact and
 * postal address, so a change starts a renderer of its own and the others keep their rendered parts.
 */
export function briefRendererFor(
  config: Pick<Config, 'publicUrl'>,
  site: Pick<SiteSettings, 'siteName' | 'contactEmail' | 'postalAddress'>,
): BriefRenderer {
  const key = [config.publicUrl, site.siteName, site.contactEmail, site.postalAddress].join('\u0000');
  let found = renderers.get(key);
  if (!found) {
    if (renderers.size >= 20) renderers.clear();
    found = createBriefRenderer({
      name: site.siteName,
      contact: site.contactEmail,
      url: config.publicUrl,
      postalAddress: site.postalAddress,
    });
    renderers.set(key, found);
  }
  return found;
}

/** How long the sender keeps the settings it read before reading them again. */
const SETTINGS_REFRESH_MS = 30_000;

export function createBriefSender(
  deps: BriefSenderDeps,
  log: FastifyBaseLogger,
  overrides: Partial<BriefSenderOptions> = {},
): BriefSender {
  const options = { ...BRIEF_SENDER_DEFAULTS, ...overrides };
  const { db, config } = deps;
  const transport = nodemailer.createTransport({
    url: config.mail.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections,
    rateLimit: config.brief.sendRatePerSecond,
    rateDelta: 1_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  const messageDomain = new URL(config.publicUrl).hostname;
  const sender = parseSender(config.mail.from);
  const messageIdOf = (row: repository.ClaimedDelivery) => `${row.id}@${messageDomain}`;
  let settingsRead: { at: number; settings: ReturnType<typeof readSiteSettings> } | undefined;
  /** The renderer for the settings in force, read at most every SETTINGS_REFRESH_MS (the sender has no cache). */
  async function currentRenderer() {
    const at = deps.clock().getTime();
    if (!settingsRead || Math.abs(at - settingsRead.at) > SETTINGS_REFRESH_MS)
      settingsRead = { at, settings: readSiteSettings(db, config) };
    return briefRendererFor(config, await settingsRead.settings);
  }
  const toArticle = briefArticles(config.publicUrl);

  async function queueDue(stopping?: AbortSignal) {
    let queued = 0;
    while (!stopping?.aborted) {
      const now = deps.clock();
      const count = await db.transaction(async (tx) => {
        const due = await repository.lockDue(tx, now, options.queueBatchSize);
        if (due.length === 0) return 0;
        const sendId = await repository.dailySendId(tx, utcDate(now));
        // Readers of one hour and zone share their next brief's time: worked out once (Intl is slow).
        const nextOf = new Map<string, Date>();
        const next = (row: repository.DueSubscription) => {
          const key = `${row.hour} ${row.time_zone}`;
          let at = nextOf.get(key);
          if (!at) nextOf.set(key, (at = nextBriefAt(row.hour, row.time_zone, now)));
          return at;
        };
        await repository.insertDeliveries(
          tx,
          due.map((row) => ({
            sendId,
            subscriptionId: row.id,
            email: row.email,
            since: asDate(row.last_brief_at) ?? asDate(row.confirmed_at),
            until: now,
          })),
        );
        await repository.scheduleNext(
          tx,
          due.map((row) => ({ id: row.id, lastBriefAt: now, nextBriefAt: next(row) })),
          now,
        );
        return due.length;
      });
      queued += count;
      if (count < options.queueBatchSize) return queued;
    }
    return queued;
  }

  /** What one claimed batch needs, read once: the articles of every window in it and the highlights. */
  async function editionFor(batch: repository.ClaimedDelivery[]): Promise<Edition> {
    const daily = batch.filter((row) => row.kind === 'daily');
    const until = new Date(Math.max(...daily.map((row) => new Date(row.until).getTime())));
    const since = new Date(
      Math.min(...daily.map((row) => windowStart(asDate(row.since), new Date(row.until)).getTime())),
    );
    const pool = daily.length > 0 ? await repository.approvedBetween(db, since, until) : [];
    const specialIds = [
      ...new Set(batch.flatMap((row) => (row.kind === 'special' && row.article_id ? [row.article_id] : []))),
    ];
    const specials = new Map((await repository.approvedByIds(db, specialIds)).map((row) => [row.id, row]));
    let highlights: Promise<repository.BriefArticleRow[]> | undefined;
    const highlightsOf = new Map<string, Promise<boolean>>();
    return {
      async content(row: repository.ClaimedDelivery): Promise<BriefContent | null> {
        if (row.kind === 'special') {
          const article = row.article_id ? specials.get(row.article_id) : undefined;
          const shown = article && notHidden(article, row.hidden_tags);
          return composeBrief(shown ? [article] : [], [], toArticle);
        }
        const rowUntil = new Date(row.until);
        const rowSince = windowStart(asDate(row.since), rowUntil);
        const articles = pickArticles(
          pool,
          { tags: row.tags, publisherIds: row.publisher_ids, hiddenTags: row.hidden_tags },
          rowSince,
          rowUntil,
        );
        if (articles.length === 0) return null;
        let withHighlights = false;
        if (row.user_id) {
          const userId = row.user_id;
          if (!highlightsOf.has(userId)) {
            highlightsOf.set(
              userId,
              repository.userEmail(db, userId).then((email) => hasHighlights(deps, email)),
            );
          }
          withHighlights = await highlightsOf.get(userId)!;
        }
        if (withHighlights) highlights ??= loadHighlights(db, deps.clock());
        const shownHighlights = withHighlights
          ? (await highlights!).filter((article) => notHidden(article, row.hidden_tags))
          : [];
        return composeBrief(articles, shownHighlights, toArticle);
      },
    };
  }

  /** A temporary failure: tried again later with a growing delay, or marked failed after the last attempt. */
  async function retryOrFail(row: repository.ClaimedDelivery, message: string, code?: number) {
    if (row.attempts >= options.maxAttempts) {
      log.warn({ deliveryId: row.id, attempts: row.attempts, err: message }, 'brief: giving up');
      await repository.markFinal(db, row.id, 'failed', message);
      return;
    }
    const delayMs = Math.min(options.retryBaseMs * 2 ** (row.attempts - 1), MAX_RETRY_DELAY_MS);
    log.warn({ deliveryId: row.id, attempt: row.attempts, code, err: message }, 'brief: sending failed, will retry');
    await repository.markRetry(db, row.id, delayMs, message);
  }

  async function prepare(row: repository.ClaimedDelivery, edition: Edition) {
    const content = await edition.content(row);
    if (!content) return null;
    const links = await unsubscribeLinks(deps, row.subscription_id, row.send_id);
    const { html, text } = await (await currentRenderer()).render(content, links.pageUrl);
    return buildBriefMessage(
      {
        from: config.mail.from,
        to: row.email,
        subject: content.subject,
        text,
        html,
        // The delivery's id: a delivery sent again after a kill keeps it, so the receiver can drop the copy.
        messageId: messageIdOf(row),
        date: deps.clock(),
        // One header with both (RFC 8058 needs the HTTPS one).
        headers: {
          'List-Unsubscribe': `<${links.oneClickUrl}>, <${links.pageUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      sender,
    );
  }

  /** One batch's accepted deliveries, marked sent `markEvery` at a time. */
  function sentMarks() {
    const pending: string[] = [];
    const flush = () => repository.markSent(db, pending.splice(0));
    return {
      async add(id: string) {
        pending.push(id);
        if (pending.length >= options.markEvery) await flush();
      },
      flush,
    };
  }

  async function deliver(row: repository.ClaimedDelivery, edition: Edition, marks: ReturnType<typeof sentMarks>) {
    if (row.status !== 'active') {
      await repository.markFinal(db, row.id, 'skipped', `subscription ${row.status}`);
      return false;
    }
    let raw: Buffer | null;
    try {
      raw = await prepare(row, edition);
    } catch (error) {
      // Not the receiver's answer: a database hiccup or a bug; the same attempts and back-off apply.
      await retryOrFail(row, messageOf(error));
      return false;
    }
    if (!raw) {
      await repository.markFinal(db, row.id, 'skipped', null);
      return false;
    }
    try {
      // The Message-ID is in the raw message; given here too, nodemailer draws no random one of its own.
      await transport.sendMail({
        envelope: { from: sender.address, to: [row.email] },
        messageId: `<${messageIdOf(row)}>`,
        raw,
      });
    } catch (error) {
      const message = messageOf(error);
      const code = responseCodeOf(error);
      if (code !== undefined && code >= 500) {
        log.warn({ deliveryId: row.id, code }, 'brief: the receiving server refused the address for good');
        await db.transaction(async (tx) => {
          await repository.markFinal(tx, row.id, 'bounced', message);
          await suppress(tx, row.subscription_id, message, deps.clock());
        });
        return false;
      }
      await retryOrFail(row, message, code);
      return false;
    }
    await marks.add(row.id);
    return true;
  }

  async function deliverDue(stopping?: AbortSignal) {
    let sent = 0;
    while (!stopping?.aborted) {
      const batch = await repository.claimDue(db, options.leaseMs, options.batchSize);
      if (batch.length === 0) return sent;
      const edition = await editionFor(batch);
      const marks = sentMarks();
      // `concurrency` messages at a time: the pooled transport holds maxConnections and the rate.
      let next = 0;
      const worker = async () => {
        while (next < batch.length && !stopping?.aborted) {
          const row = batch[next]!;
          next += 1;
          if (await deliver(row, edition, marks)) sent += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, worker));
      await marks.flush();
      await repository.releaseClaims(db, batch.slice(next));
      if (batch.length < options.batchSize) return sent;
    }
    return sent;
  }

  return {
    queueDue,
    deliverDue,
    async stop() {
      transport.close();
    },
  };
}

/** Every `pollMs`: queue what is due, then send it; `stop()` waits for the messages in hand. */
export function startBriefSender(sender: BriefSender, log: FastifyBaseLogger, pollMs = BRIEF_SENDER_DEFAULTS.pollMs) {
  const periodic = startPeriodic({
    everyMs: pollMs,
    log,
    failure: 'brief: the round failed',
    async round(stopping) {
      const queued = await sender.queueDue(stopping);
      const sent = await sender.deliverDue(stopping);
      if (queued > 0 || sent > 0) log.info({ queued, sent }, 'brief: round done');
    },
  });
  return {
    async stop() {
      await periodic.stop();
      await sender.stop();
    },
  };
}
