import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';

export const BENCH_READER = { email: 'bench.reader@example.com', password: 'Bench#2026' };

/**
 * Bulk demo data for load tests, generated in SQL: `articleCount` approved articles (a tenth premium)
 * spread over 8 publishers, the five tags and two years, and `userCount` users.
 */
export async function seedBenchData(db: Db, articleCount: number, userCount: number) {
  const passwordHash = await hashPassword(BENCH_READER.password);
  await db.execute(sql`
    insert into publishers (name, logo)
    select 'Bench Publisher ' || n, '/api/uploads/' || repeat('a', 64) || '.webp' from generate_series(1, 8) as n`);
  await db.execute(sql`
    insert into users (name, email, profile_pic, password_hash, premium_taken)
    select 'Bench User ' || n, 'bench.user' || n || '@example.com', '/api/uploads/' || repeat('b', 64) || '.webp',
           ${passwordHash}, case when n % 5 = 0 then now() + interval '30 days' end
    from generate_series(1, ${userCount - 1}) as n`);
  await db.execute(sql`
    insert into users (name, email, profile_pic, password_hash)
    values ('Bench Reader', ${BENCH_READER.email}, '/api/uploads/' || repeat('c', 64) || '.webp', ${passwordHash})`);
  await db.execute(sql`
    with pubs as (select array_agg(id order by name) as ids from publishers),
         authors as (select array_agg(id order by email) as ids from users)
    insert into articles (title, image, publisher_id, tags, description, author_id, status, is_premium, views, created_at)
    select
      (array['Council', 'Election', 'Market', 'Stadium', 'Clinic', 'Festival', 'Startup', 'Budget'])[1 + n % 8]
        || ' report number ' || n || ' on ' || (array['housing', 'transit', 'energy', 'schools', 'water'])[1 + n % 5],
      '/api/uploads/' || repeat('d', 64) || '.webp',
      pubs.ids[1 + n % 8],
      array[(array['Politics', 'Sports', 'Technology', 'Entertainment', 'Health'])[1 + n % 5]],
      repeat('Reporting paragraph ' || n || '. ', 40),
      authors.ids[1 + n % array_length(authors.ids, 1)],
      'approved',
      n % 10 = 3,
      (n * 7919) % 10000,
      now() - (n % 730) * interval '1 day' - (n % 1440) * interval '1 minute'
    from generate_series(1, ${articleCount}) as n, pubs, authors`);
  await db.execute(sql`analyze`);
}
