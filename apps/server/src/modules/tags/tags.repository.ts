import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { LOCKS } from '../../db/locks.js';
import {
  articleRevisions,
  articles,
  briefSubscriptions,
  familyMembers,
  tagFormerSlugs,
  tags,
} from '../../db/schema.js';

export type TagRow = typeof tags.$inferSelect;
export type NewTag = typeof tags.$inferInsert;

/** Every tag, archived ones included, in the writers' order. */
export function listAll(db: DbOrTx) {
  return db.select().from(tags).orderBy(asc(tags.position), asc(tags.createdAt));
}

/** Every tag with how many articles (any status) carry it: the tags' GIN index answers each count. */
export function listWithArticleCounts(db: DbOrTx) {
  return db
    .select({
      tag: tags,
      articles: sql<number>`(select count(*) from ${articles} where ${articles.tags} @> array[${tags.name}])::int`,
    })
    .from(tags)
    .orderBy(asc(tags.position), asc(tags.createdAt));
}

export async function findById(db: DbOrTx, id: string): Promise<TagRow | undefined> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id));
  return row;
}

export async function findByName(db: DbOrTx, name: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(sql`lower(${tags.name}) = lower(${name})`);
  return row;
}

export async function findBySlug(db: DbOrTx, slug: string): Promise<TagRow | undefined> {
  const [row] = await db.select().from(tags).where(eq(tags.slug, slug));
  return row;
}

/** Every earlier address and the tag it leads to. */
export function listFormerSlugs(db: DbOrTx): Promise<{ slug: string; tagId: string }[]> {
  return db.select({ slug: tagFormerSlugs.slug, tagId: tagFormerSlugs.tagId }).from(tagFormerSlugs);
}

/** A write that stores tag names: no tag change runs until its transaction ends (writes do not wait for each other). */
export async function lockTagsShared(tx: DbOrTx) {
  await queryRows(tx, sql`select pg_advisory_xact_lock_shared(${LOCKS.tags})`);
}

/** Serialises changes to the tags until the transaction ends. */
export async function lockTags(tx: DbOrTx) {
  await queryRows(tx, sql`select pg_advisory_xact_lock(${LOCKS.tags})`);
}

export async function insert(db: DbOrTx, values: NewTag): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function update(db: DbOrTx, id: string, values: Partial<NewTag>): Promise<TagRow> {
  const [row] = await db.update(tags).set(values).where(eq(tags.id, id)).returning();
  return row!;
}

export async function remove(db: DbOrTx, id: string) {
  await db.delete(tags).where(eq(tags.id, id));
}

/** `slug` now leads to the tag (an address it had, or that a tag merged into it had). */
export async function keepFormerSlug(db: DbOrTx, slug: string, tagId: string, at: Date) {
  await db
    .insert(tagFormerSlugs)
    .values({ slug, tagId, createdAt: at })
    .onConflictDoUpdate({ target: tagFormerSlugs.slug, set: { tagId, createdAt: at } });
}

/** A live tag takes the address: it no longer redirects anywhere. */
export async function dropFormerSlug(db: DbOrTx, slug: string) {
  await db.delete(tagFormerSlugs).where(eq(tagFormerSlugs.slug, slug));
}

/** A merged tag's earlier addresses lead to the tag it was merged into. */
export async function moveFormerSlugs(db: DbOrTx, fromId: string, toId: string) {
  await db.update(tagFormerSlugs).set({ tagId: toId }).where(eq(tagFormerSlugs.tagId, fromId));
}

/** The array with `from` replaced by `to`, each name once, in the order first met. */
const replaced = (column: unknown, from: string, to: string) =>
  sql`array(select u.name from unnest(array_replace(${column}, ${from}::text, ${to}::text)) with ordinality as u(name, n)
            group by u.name order by min(u.n))`;
const holds = (column: unknown, name: string) => sql`${column} @> array[${name}::text]`;

/**
 * Every array that holds tag names, `from` replaced by `to` (a rename or a merge), in the caller's transaction:
 * articles (their search words follow, being generated from the tags), revisions, brief follows and parental
 * controls. The one place outside their modules that writes those tables (docs/decisions/067-tags-are-rows.md).
 * Answers the family members whose hidden tags changed, whose cached viewers are then stale.
 */
export async function replaceTagName(tx: DbOrTx, from: string, to: string): Promise<string[]> {
  await tx
    .update(articles)
    .set({ tags: replaced(articles.tags, from, to) })
    .where(holds(articles.tags, from));
  await tx
    .update(articleRevisions)
    .set({ tags: replaced(articleRevisions.tags, from, to) })
    .where(holds(articleRevisions.tags, from));
  await tx
    .update(briefSubscriptions)
    .set({ tags: replaced(briefSubscriptions.tags, from, to) })
    .where(holds(briefSubscriptions.tags, from));
  const members = await tx
    .update(familyMembers)
    .set({ hiddenTags: replaced(familyMembers.hiddenTags, from, to) })
    .where(holds(familyMembers.hiddenTags, from))
    .returning({ userId: familyMembers.userId });
  return members.map((member) => member.userId);
}
