import { TAGS } from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { PUBLISHER_NAMES, sqlTextArray, WORDS } from './words.js';

export const BENCH_READER = { email: 'bench.reader@example.com', password: 'Bench#2026' };

/** Articles per INSERT ... SELECT: large enough to be quick, small enough to show progress. */
const BATCH = 10_000;

/**
 * Bulk data for load tests, generated in SQL: `articleCount` articles (one in twenty pending, one in 200
 * sent back for changes, one in 40 declined, a tenth premium) whose titles and text are random sentences from `WORDS`, spread over the publishers, one
 * or two tags and three years, and `userCount` users.
 */
export async function seedBenchData(db: Db, articleCount: number, userCount: number) {
  const passwordHash = await hashPassword(BENCH_READER.password);
  await db.execute(sql`
    insert into publishers (name, slug, logo)
    select name, lower(replace(name, ' ', '-')), '/api/uploads/' || repeat('a', 64) || '.webp'
    from unnest(${sql.raw(sqlTextArray(PUBLISHER_NAMES))}) as name`);
  await db.execute(sql`
    insert into users (name, email, profile_pic, password_hash, premium_taken)
    select 'Bench User ' || n, 'bench.user' || n || '@example.com', '/api/uploads/' || repeat('b', 64) || '.webp',
           ${passwordHash}, case when n % 5 = 0 then now() + interval '30 days' end
    from generate_series(1, ${userCount - 1}) as n`);
  await db.execute(sql`
    insert into users (name, email, profile_pic, password_hash)
    values ('Bench Reader', ${BENCH_READER.email}, '/api/uploads/' || repeat('c', 64) || '.webp', ${passwordHash})`);
  for (let first = 1; first <= articleCount; first += BATCH) {
    await db.execute(insertArticles(first, Math.min(first + BATCH - 1, articleCount)));
  }
  await db.execute(insertPaywallEvents(articleCount * 10));
  // As autovacuum leaves a table that has settled: statistics gathered, GIN indexes' pending lists merged.
  await db.execute(sql`vacuum analyze`);
}

/**
 * The paywall funnel's events (decision 029): ten per article (a million at 100,000 articles) over the
 * last 90 days, on premium articles, by random users; mostly wall hits, then metered reads, the rest
 * rarer, as a real funnel narrows.
 */
function insertPaywallEvents(count: number) {
  return sql`
    with premium as (select array_agg(id) as ids from articles where is_premium and status = 'approved'),
         readers as (select array_agg(id) as ids from users)
    insert into paywall_events (article_id, user_id, kind, at)
    select premium.ids[1 + floor(random() * array_length(premium.ids, 1))::int],
           readers.ids[1 + floor(random() * array_length(readers.ids, 1))::int],
           case when r < 0.6 then 1 when r < 0.85 then 5 when r < 0.93 then 4 when r < 0.97 then 2 else 3 end,
           now() - random() * interval '90 days'
    from generate_series(1, ${count}) as n, premium, readers, lateral (select random() + n * 0 as r) as roll`;
}

// A random word. The list is a constant, not a column of an outer query, so each string_agg below
// aggregates its own rows; every subquery names `n` (or `k`), so it runs again for each row.
const word = sql.raw(`(${sqlTextArray(WORDS)})[1 + floor(random() * ${WORDS.length})::int]`);

function insertArticles(from: number, to: number) {
  return sql`
    with tags as (select ${sql.raw(sqlTextArray(TAGS))} as list),
         pubs as (select array_agg(id order by name) as ids from publishers),
         authors as (select array_agg(id order by email) as ids from users)
    insert into articles (title, image, publisher_id, tags, description, author_id, status, is_premium, views, created_at, pending_since)
    select
      upper(left(title.words, 1)) || substr(title.words, 2),
      '/api/uploads/' || repeat('d', 64) || '.webp',
      pubs.ids[1 + floor(random() * array_length(pubs.ids, 1))::int],
      case when n % 3 = 0
        then array[tags.list[1 + n % 5], tags.list[1 + (n + 1 + (n / 7) % 4) % 5]]
        else array[tags.list[1 + n % 5]] end,
      body.text,
      authors.ids[1 + n % array_length(authors.ids, 1)],
      case when n % 20 = 7 then 'pending' when n % 200 = 13 then 'changes_requested' when n % 40 = 19 then 'declined'
        else 'approved' end,
      n % 10 = 3,
      floor(random() * random() * 20000)::int,
      created.at,
      -- Entered review when submitted, as migration 0019 backfills an article never resubmitted.
      created.at
    from generate_series(${from}::int, ${to}::int) as n, tags, pubs, authors,
      lateral (select now() - random() * interval '1095 days' + n * interval '0' as at) as created,
      lateral (select string_agg(${word}, ' ') as words from generate_series(1, 5 + n % 5)) as title,
      lateral (
        select string_agg(upper(left(sentence.words, 1)) || substr(sentence.words, 2) || '.', ' ') as text
        from generate_series(1, 10 + n % 25) as k,
          lateral (select string_agg(${word}, ' ') as words from generate_series(1, 8 + (n + k) % 10)) as sentence
      ) as body`;
}
