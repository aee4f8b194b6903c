import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.js';
import { openPglite } from './client.js';

const WRITER = '00000000-0000-4000-8000-000000000001';
const ADMIN = '00000000-0000-4000-8000-000000000003';
const PUBLISHER = '00000000-0000-4000-8000-000000000002';
const article = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;

describe('migration 0033: published time and author slugs', () => {
  it('dates each published article from its first approval, else its decision, else its submission; gives every account a unique slug, and new ones too', async () => {
    const client = await openPglite();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const run = (name: string) => client.exec(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
    const target = files.findIndex((name) => name.startsWith('0033_'));
    for (const name of files.slice(0, target)) await run(name);
    await client.exec(`
      insert into users (id, name, email, profile_pic, created_at) values
        ('${WRITER}', 'Rosa Díaz', 'w@example.com', '/w.webp', '2026-01-01T00:00:00Z'),
        ('${ADMIN}', 'Rosa  Diaz!', 'a@example.com', '/a.webp', '2026-01-02T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000004', '***', 'x@example.com', '/x.webp', '2026-01-03T00:00:00Z');
      insert into publishers (id, name, slug, logo) values ('${PUBLISHER}', 'Post', 'post', '/l.webp');
      insert into articles (id, title, image, publisher_id, tags, description, author_id, status, created_at, decided_at) values
        ('${article(1)}', 'Approved, recorded', '/a.webp', '${PUBLISHER}', '{Politics}', 'Text.', '${WRITER}', 'approved',
         '2026-02-01T00:00:00Z', '2026-02-09T00:00:00Z'),
        ('${article(2)}', 'Approved, decided', '/a.webp', '${PUBLISHER}', '{Politics}', 'Text.', '${WRITER}', 'approved',
         '2026-02-01T00:00:00Z', '2026-02-03T00:00:00Z'),
        ('${article(3)}', 'Approved, old', '/a.webp', '${PUBLISHER}', '{Politics}', 'Text.', '${WRITER}', 'approved',
         '2026-02-01T00:00:00Z', null),
        ('${article(4)}', 'Back in review', '/a.webp', '${PUBLISHER}', '{Politics}', 'Text.', '${WRITER}', 'pending',
         '2026-02-01T00:00:00Z', '2026-02-05T00:00:00Z'),
        ('${article(5)}', 'Never approved', '/a.webp', '${PUBLISHER}', '{Politics}', 'Text.', '${WRITER}', 'declined',
         '2026-02-01T00:00:00Z', '2026-02-06T00:00:00Z');
      insert into moderation_actions (actor_id, action, article_id, created_at) values
        ('${ADMIN}', 'approve', '${article(1)}', '2026-02-02T00:00:00Z'),
        ('${ADMIN}', 'approve', '${article(1)}', '2026-02-08T00:00:00Z'),
        ('${ADMIN}', 'premium', '${article(1)}', '2026-02-09T00:00:00Z'),
        ('${ADMIN}', 'approve', '${article(4)}', '2026-02-04T00:00:00Z');`);
    await run(files[target]!);

    const published = await client.query<{ title: string; published_at: Date | null }>(
      'select title, published_at from articles order by id',
    );
    expect(published.rows.map((row) => [row.title, row.published_at?.toISOString() ?? null])).toEqual([
      ['Approved, recorded', '2026-02-02T00:00:00.000Z'],
      ['Approved, decided', '2026-02-03T00:00:00.000Z'],
      ['Approved, old', '2026-02-01T00:00:00.000Z'],
      ['Back in review', '2026-02-04T00:00:00.000Z'],
      ['Never approved', null],
    ]);

    await client.exec(`
      insert into users (name, email, profile_pic) values ('Rosa Diaz', 'r3@example.com', '/r.webp');
      insert into users (name, email, profile_pic) values ('Rosa Diaz', 'r4@example.com', '/r.webp');
      insert into users (name, email, profile_pic, slug) values ('Given', 'g@example.com', '/g.webp', 'chosen');`);
    const slugs = await client.query<{ email: string; slug: string }>('select email, slug from users order by email');
    expect(slugs.rows.map((row) => [row.email, row.slug])).toEqual([
      ['a@example.com', 'rosa-diaz-2'],
      ['g@example.com', 'chosen'],
      ['r3@example.com', 'rosa-diaz-3'],
      ['r4@example.com', 'rosa-diaz-4'],
      ['w@example.com', 'rosa-diaz'],
      ['x@example.com', 'author'],
    ]);
    await expect(client.exec(`update users set slug = 'rosa-diaz' where email = 'g@example.com'`)).rejects.toThrow();
    await client.close();
  });
});
