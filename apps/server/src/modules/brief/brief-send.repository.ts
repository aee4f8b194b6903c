import { sql } from 'drizzle-orm';
import { LIMITS } from '@dispatch/shared';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { premiumNowSql } from '../premium/premium-now.js';

/*
 * The brief's sending SQL: sends, deliveries, and the articles a brief is made of. An article leaves the
 * database as its excerpt only (left(description, LIMITS.excerptLength)): no premium text past it can reach a
 * brief, whoever it is for.
 */

export interface BriefArticleRow {
  id: string;
  title: string;
  image: string;
  publisherId: string;
  publisher: string;
  tags: string[];
  excerpt: string;
  isPremium: boolean;
  approvedAt: Date;
}

interface RawArticleRow {
  id: string;
  title: string;
  image: string;
  publisher_id: string;
  publisher: string;
  tags: string[];
  excerpt: string;
  is_premium: boolean;
  approved_at: Date | string;
}

const toArticleRow = (row: RawArticleRow): BriefArticleRow => ({
  id: row.id,
  title: row.title,
  image: row.image,
  publisherId: row.publisher_id,
  publisher: row.publisher,
  tags: row.tags,
  excerpt: row.excerpt,
  isPremium: row.is_premium,
  approvedAt: new Date(row.approved_at),
});

const articleColumns = sql`a.id, a.title, a.image, a.publisher_id, p.name as publisher, a.tags,
  left(a.description, ${LIMITS.excerptLength}) as excerpt, a.is_premium, a.decided_at as approved_at`;

/** Approved articles whose approval (articles.decided_at) falls in (since, until], newest first. */
export async function approvedBetween(db: DbOrTx, since: Date, until: Date): Promise<BriefArticleRow[]> {
  const rows = await queryRows<RawArticleRow>(
    db,
    sql`select ${articleColumns} from articles a join publishers p on p.id = a.publisher_id
        where a.status = 'approved' and a.decided_at > ${since} and a.decided_at <= ${until}
        order by a.decided_at desc, a.id desc`,
  );
  return rows.map(toArticleRow);
}

/** These articles when approved, in the order given. */
export async function approvedByIds(db: DbOrTx, ids: string[]): Promise<BriefArticleRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RawArticleRow>(
    db,
    sql`select ${articleColumns} from articles a join publishers p on p.id = a.publisher_id
        where a.status = 'approved' and a.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, toArticleRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The daily send for a UTC date, made by whichever instance comes first. */
export async function dailySendId(db: DbOrTx, label: string): Promise<string> {
  await db.execute(
    sql`insert into brief_sends (kind, label) values ('daily', ${label})
        on conflict (label) where kind = 'daily' do nothing`,
  );
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from brief_sends where kind = 'daily' and label = ${label}`,
  );
  return row!.id;
}

export interface DueSubscription {
  id: string;
  email: string;
  hour: number;
  time_zone: string;
  last_brief_at: Date | string | null;
  confirmed_at: Date | string | null;
}

/** Active subscriptions whose brief is due, locked for this transaction; another instance skips them. */
export function lockDue(tx: DbOrTx, now: Date, limit: number) {
  return queryRows<DueSubscription>(
    tx,
    sql`select id, email, hour, time_zone, last_brief_at, confirmed_at from brief_subscriptions
        where status = 'active' and next_brief_at <= ${now}
        order by next_brief_at, id limit ${limit}
        for update skip locked`,
  );
}

export async function insertDeliveries(
  tx: DbOrTx,
  rows: { sendId: string; subscriptionId: string; email: string; since: Date | null; until: Date }[],
) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into brief_deliveries (send_id, subscription_id, email, since, until)
        values ${sql.join(
          rows.map((row) => sql`(${row.sendId}, ${row.subscriptionId}, ${row.email}, ${row.since}, ${row.until})`),
          sql`, `,
        )}
        on conflict (send_id, subscription_id) do nothing`,
  );
}

export async function scheduleNext(
  tx: DbOrTx,
  rows: { id: string; lastBriefAt: Date; nextBriefAt: Date }[],
  now: Date,
) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update brief_subscriptions s
        set last_brief_at = v.last_brief_at, next_brief_at = v.next_brief_at, updated_at = ${now}
        from (values ${sql.join(
          rows.map((row) => sql`(${row.id}::uuid, ${row.lastBriefAt}::timestamptz, ${row.nextBriefAt}::timestamptz)`),
          sql`, `,
        )}) as v(id, last_brief_at, next_brief_at)
        where s.id = v.id`,
  );
}

export interface ClaimedDelivery {
  id: string;
  send_id: string;
  subscription_id: string;
  email: string;
  since: Date | string | null;
  until: Date | string;
  attempts: number;
  kind: 'daily' | 'special';
  article_id: string | null;
  tags: string[];
  publisher_ids: string[];
  user_id: string | null;
  status: string;
  /** A young reader's hidden tags (docs/product.md#parental-controls); empty for everyone else. */
  hidden_tags: string[];
  /** The claim's `locked_until`, exact (text): a release touches the row only while this lease is still ours. */
  lease: string;
}

/** Queued deliveries due now, claimed for `leaseMs` (FOR UPDATE SKIP LOCKED: two instances never share one). */
export function claimDue(db: DbOrTx, leaseMs: number, limit: number) {
  return queryRows<ClaimedDelivery>(
    db,
    sql`with claimed as (
          update brief_deliveries
          set locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
          where id in (
            select id from brief_deliveries
            where status = 'queued' and next_attempt_at <= now()
              and (locked_until is null or locked_until < now())
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
          returning id, send_id, subscription_id, email, since, until, attempts, next_attempt_at, locked_until)
        select c.id, c.send_id, c.subscription_id, c.email, c.since, c.until, c.attempts, c.locked_until::text as lease,
               bs.kind, bs.article_id, s.tags, s.publisher_ids, s.user_id, s.status,
               coalesce(fm.hidden_tags, '{}') as hidden_tags
        from claimed c
        join brief_sends bs on bs.id = c.send_id
        join brief_subscriptions s on s.id = c.subscription_id
        left join family_members fm on fm.user_id = s.user_id and fm.young_reader
        order by c.next_attempt_at, c.id`,
  );
}

/**
 * Claimed deliveries a stopping sender did not start: free at once, and not counted as an attempt. One whose lease
 * ran out and was claimed by another sender since is left alone: clearing that claim would let a third send it too.
 */
export async function releaseClaims(db: DbOrTx, claims: readonly Pick<ClaimedDelivery, 'id' | 'lease'>[]) {
  if (claims.length === 0) return;
  await db.execute(
    sql`update brief_deliveries set locked_until = null, attempts = attempts - 1
        where status = 'queued' and (id, locked_until) in (${sql.join(
          claims.map((claim) => sql`(${claim.id}::uuid, ${claim.lease}::timestamptz)`),
          sql`, `,
        )})`,
  );
}

/** These deliveries were accepted by the SMTP server: one statement for a group of them. */
export async function markSent(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db.execute(
    sql`update brief_deliveries set status = 'sent', sent_at = now(), locked_until = null, last_error = null
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
}

export const markFinal = (db: DbOrTx, id: string, status: 'skipped' | 'bounced' | 'failed', error: string | null) =>
  db.execute(
    sql`update brief_deliveries set status = ${status}, locked_until = null, last_error = ${error?.slice(0, 500) ?? null}
        where id = ${id}`,
  );

export const markRetry = (db: DbOrTx, id: string, delayMs: number, error: string) =>
  db.execute(
    sql`update brief_deliveries
        set locked_until = null, last_error = ${error.slice(0, 500)},
            next_attempt_at = now() + ${delayMs} * interval '1 millisecond'
        where id = ${id}`,
  );

/** A special edition: its send and one delivery per active subscriber in the audience, in one statement each. */
export async function insertSpecial(
  tx: DbOrTx,
  input: {
    articleId: string;
    label: string;
    audience: 'all' | 'premium' | 'free';
    createdBy: string;
    now: Date;
    graceDays: number;
  },
) {
  const [send] = await queryRows<{ id: string }>(
    tx,
    sql`insert into brief_sends (kind, label, article_id, audience, created_by)
        values ('special', ${input.label}, ${input.articleId}, ${input.audience}, ${input.createdBy}) returning id`,
  );
  // A subscription without an account (u.id null) is never premium.
  const premium = premiumNowSql(sql`u`, input.now, input.graceDays);
  const audience = input.audience === 'all' ? sql`true` : input.audience === 'premium' ? premium : sql`not ${premium}`;
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into brief_deliveries (send_id, subscription_id, email, since, until)
        select ${send!.id}, s.id, s.email, null, ${input.now}
        from brief_subscriptions s left join users u on u.id = s.user_id
        where s.status = 'active' and ${audience}
        on conflict (send_id, subscription_id) do nothing
        returning id`,
  );
  return inserted.length;
}

export interface SendCountRow {
  id: string;
  kind: 'daily' | 'special';
  label: string;
  created_at: Date | string;
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  unsubscribed: number;
}

/** The newest sends with their deliveries counted in one grouped query. */
export function recentSends(db: DbOrTx, limit: number) {
  return queryRows<SendCountRow>(
    db,
    sql`select bs.id, bs.kind, bs.label, bs.created_at,
               count(d.id)::int as recipients,
               count(d.id) filter (where d.status = 'sent')::int as sent,
               count(d.id) filter (where d.status = 'failed')::int as failed,
               count(d.id) filter (where d.status = 'bounced')::int as bounced,
               count(d.id) filter (where d.unsubscribed_at is not null)::int as unsubscribed
        from (select * from brief_sends order by created_at desc, id desc limit ${limit}) bs
        left join brief_deliveries d on d.send_id = bs.id
        group by bs.id, bs.kind, bs.label, bs.created_at
        order by bs.created_at desc, bs.id desc`,
  );
}

export function subscriberCounts(db: DbOrTx) {
  return queryRows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from brief_subscriptions group by status`,
  );
}

export async function dailySendsPage(db: DbOrTx, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    queryRows<{ id: string; label: string }>(
      db,
      sql`select id, label from brief_sends where kind = 'daily' order by label desc, id desc
          limit ${limit} offset ${offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from brief_sends where kind = 'daily'`),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function subscriptionByEmail(db: DbOrTx, email: string) {
  const [row] = await queryRows<{
    id: string;
    email: string;
    user_id: string | null;
    tags: string[];
    publisher_ids: string[];
    last_brief_at: Date | string | null;
    confirmed_at: Date | string | null;
  }>(
    db,
    sql`select id, email, user_id, tags, publisher_ids, last_brief_at, confirmed_at from brief_subscriptions
        where email = ${email}`,
  );
  return row;
}

export async function userEmail(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
  return row?.email;
}

export async function articleTitle(db: DbOrTx, articleId: string) {
  const [row] = await queryRows<{ title: string; status: string }>(
    db,
    sql`select title, status from articles where id = ${articleId}`,
  );
  return row;
}
