import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import { queryRows, type Db } from '../../db/client.js';
import { startPeriodic } from '../../plugins/periodic.js';

/**
 * Sends the outbox (docs/decisions/023-notifications-and-mail-outbox.md). Every instance runs one; each claims a few due rows
 * for a lease (`FOR UPDATE SKIP LOCKED`, so two never claim the same row), sends them one by one and marks
 * each sent. A failed send is retried later with a growing delay; a crashed instance's claim runs out and
 * another instance sends what it had not marked sent. A worker told to stop sends the message in hand, then hands
 * back the rest of its claim at once, so another instance (or the next start) sends them.
 *
 * The outbox is scheduled and sent on the server's clock (TEST_CLOCK moves it): a message written at the moved
 * time is due by the same clock. Leases measure real time, on the database's own clock.
 */
export interface MailerOptions {
  /** How long a claim holds; longer than the slowest send (the SMTP timeouts below). */
  leaseMs: number;
  batchSize: number;
  pollMs: number;
  /** The first retry's delay; each further one doubles it, up to an hour. */
  retryBaseMs: number;
  /** After this many failed attempts the row is marked failed and kept for an operator. */
  maxAttempts: number;
  /**
   * The sender's display name, read once a batch: the site settings' name (docs/product.md#site-settings), unless
   * MAIL_FROM names the sender. Absent: `mail.from` as it is.
   */
  fromName?: () => Promise<string>;
}

export const MAILER_DEFAULTS: MailerOptions = {
  leaseMs: 120_000,
  batchSize: 10,
  pollMs: 5_000,
  retryBaseMs: 30_000,
  maxAttempts: 10,
};

const MAX_RETRY_DELAY_MS = 3_600_000;

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  unsubscribe_url: string | null;
  attempts: number;
  /** The claim's `locked_until`, exact (text): the release touches a row only while this lease is still ours. */
  lease: string;
}

type MailConfig = Omit<NonNullable<Config['mail']>, 'defaultFrom'> & { defaultFrom?: { address: string } };

/** The rows this worker may send at `now`, claimed for `leaseMs`, oldest first. */
function claimDue(db: Db, now: Date, options: MailerOptions) {
  return queryRows<OutboxRow>(
    db,
    sql`with claimed as (
          update mail_outbox
          set locked_until = now() + ${options.leaseMs} * interval '1 millisecond', attempts = attempts + 1
          where id in (
            select id from mail_outbox
            where sent_at is null and failed_at is null and next_attempt_at <= ${now}
              and (locked_until is null or locked_until < now())
            order by next_attempt_at, id
            limit ${options.batchSize}
            for update skip locked)
          returning id, to_address, subject, text_body, html_body, unsubscribe_url, attempts, next_attempt_at,
                    locked_until::text as lease)
        select * from claimed order by next_attempt_at, id`,
  );
}

const markSent = (db: Db, id: string, now: Date) =>
  db.execute(sql`update mail_outbox set sent_at = ${now}, locked_until = null, last_error = null where id = ${id}`);

/**
 * Claimed rows this worker will not send after all: free at once, and not counted as an attempt. A row whose lease
 * ran out and was claimed by another worker since is left alone: clearing that claim would let a third send it too.
 */
function release(db: Db, rows: readonly OutboxRow[]) {
  if (rows.length === 0) return;
  const claims = sql.join(
    rows.map((row) => sql`(${row.id}::uuid, ${row.lease}::timestamptz)`),
    sql`, `,
  );
  return db.execute(
    sql`update mail_outbox set locked_until = null, attempts = attempts - 1
        where (id, locked_until) in (${claims}) and sent_at is null`,
  );
}

function markFailedAttempt(db: Db, row: OutboxRow, error: string, now: Date, options: MailerOptions) {
  const delayMs = Math.min(options.retryBaseMs * 2 ** (row.attempts - 1), MAX_RETRY_DELAY_MS);
  const givingUp = row.attempts >= options.maxAttempts;
  return db.execute(
    sql`update mail_outbox
        set locked_until = null, last_error = ${error.slice(0, 500)},
            next_attempt_at = ${now}::timestamptz + ${delayMs} * interval '1 millisecond',
            failed_at = ${givingUp ? sql`${now}` : sql`null`}
        where id = ${row.id}`,
  );
}

export interface Mailer {
  /**
   * Sends what is due now, batch after batch; resolves with how many were sent. Once `stopping` aborts it sends
   * no other message than the one in hand and releases the rest of its claim.
   */
  deliverDue(stopping?: AbortSignal): Promise<number>;
  stop(): Promise<void>;
}

export function createMailer(
  db: Db,
  mail: MailConfig,
  publicUrl: string,
  log: FastifyBaseLogger,
  overrides: Partial<MailerOptions> = {},
  clock: () => Date = () => new Date(),
): Mailer {
  const options = { ...MAILER_DEFAULTS, ...overrides };
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  // The same Message-ID on every attempt: a receiver that got a message twice (see the decision) can tell.
  const messageDomain = new URL(publicUrl).hostname;

  async function send(row: OutboxRow, from: string | { name: string; address: string }) {
    try {
      await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: `<${row.id}@${messageDomain}>`,
        ...(row.unsubscribe_url && { list: { unsubscribe: row.unsubscribe_url } }),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ outboxId: row.id, attempt: row.attempts, err: message }, 'mail: sending failed, will retry');
      await markFailedAttempt(db, row, message, clock(), options);
      return false;
    }
    await markSent(db, row.id, clock());
    return true;
  }

  async function deliverDue(stopping?: AbortSignal) {
    let sent = 0;
    while (!stopping?.aborted) {
      const rows = await claimDue(db, clock(), options);
      const from =
        options.fromName && mail.defaultFrom
          ? { name: await options.fromName(), address: mail.defaultFrom.address }
          : mail.from;
      for (const [index, row] of rows.entries()) {
        if (stopping?.aborted) {
          await release(db, rows.slice(index));
          return sent;
        }
        if (await send(row, from)) sent += 1;
      }
      if (rows.length < options.batchSize) return sent;
    }
    return sent;
  }

  return {
    deliverDue,
    async stop() {
      transport.close();
    },
  };
}

/** Runs `deliverDue` every `pollMs` until `stop()`, which waits for the message in hand. */
export function startMailer(mailer: Mailer, log: FastifyBaseLogger, pollMs = MAILER_DEFAULTS.pollMs) {
  const periodic = startPeriodic({
    everyMs: pollMs,
    log,
    failure: 'mail: the outbox could not be read',
    async round(stopping) {
      const sent = await mailer.deliverDue(stopping);
      if (sent > 0) log.info({ sent }, 'mail: sent');
    },
  });
  return {
    async stop() {
      await periodic.stop();
      await mailer.stop();
    },
  };
}
