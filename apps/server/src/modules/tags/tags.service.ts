import {
  slugify,
  TAG_LIMITS,
  TAG_MESSAGES,
  type AdminTag,
  type CreateTagInput,
  type Tag,
  type TagPatch,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import { commit, type CommitDeps } from '../../db/commit.js';
import type { Transaction } from '../../db/commit.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound, requireUuid } from '../../plugins/errors.js';
import { recordAction } from '../moderation/moderation.service.js';
import * as repository from './tags.repository.js';

/*
 * Tags are rows the admin adds, renames, merges and archives (docs/product.md#tags). Articles, revisions, brief
 * follows and parental controls hold names: a rename or a merge rewrites them in its transaction, so the API's
 * `tags: string[]` stays SPEC's. The list is cached with the catalogue, whose generation every change bumps on
 * every instance once it committed.
 */

type Deps = Pick<AppDeps, 'db' | 'cache'>;
type ChangeDeps = Deps & CommitDeps & Pick<AppDeps, 'clock'>;

const TAGS_TTL_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toTag = (row: repository.TagRow): Tag => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  archived: row.archivedAt !== null,
});

/** Every tag, archived ones included, in order: cached. */
export function getAllTags({ db, cache }: Deps): Promise<Tag[]> {
  return cache.remember('catalogue', 'tags', TAGS_TTL_MS, async () => (await repository.listAll(db)).map(toTag));
}

/** GET /api/tags: the tags offered to writers, filters and follows, in order. */
export async function getActiveTags(deps: Deps): Promise<Tag[]> {
  return (await getAllTags(deps)).filter((tag) => !tag.archived);
}

/** Every earlier address (a renamed or merged tag's) and the tag it leads to: cached as one list. */
function getFormerSlugs({ db, cache }: Deps): Promise<{ slug: string; tagId: string }[]> {
  return cache.remember('catalogue', 'tag-former-slugs', TAGS_TTL_MS, () => repository.listFormerSlugs(db));
}

/** The tag an address (or a name, written as its address) names: current, earlier, or its name in lower case. */
async function findTag(deps: Deps, slug: string): Promise<Tag | undefined> {
  const all = await getAllTags(deps);
  const current = all.find((candidate) => candidate.slug === slug);
  if (current) return current;
  const former = (await getFormerSlugs(deps)).find((candidate) => candidate.slug === slug);
  if (former) return all.find((candidate) => candidate._id === former.tagId);
  return all.find((candidate) => candidate.name.toLowerCase() === slug);
}

/**
 * GET /api/tags/:slug: the tag a page address names: its slug, an earlier one (renamed or merged; the answer's
 * slug then differs and the page redirects), or its name in lower case (how links are written). Else a 404.
 * Resolved from the two cached lists: an unknown address costs no query and is not cached.
 */
export async function getTagBySlug(deps: Deps, slug: string): Promise<Tag> {
  const tag = await findTag(deps, slug);
  if (!tag) throw notFound(TAG_MESSAGES.notFound);
  return tag;
}

const names = (tags: readonly Tag[]) => tags.map((tag) => tag.name);

/**
 * Inside a write's transaction that stores tag names: waits for any tag change in progress (they hold the lock
 * exclusively) and holds it off until the write commits, and answers the tags as they are now. A rename or merge
 * then either rewrote the names before the write checks them, or finds the written ones to rewrite.
 */
export async function lockTagsForWrite(tx: DbOrTx): Promise<Tag[]> {
  await repository.lockTagsShared(tx);
  return (await repository.listAll(tx)).map(toTag);
}

/** The tags to check against: read fresh under the lock in a write's transaction, else the cached list. */
const tagsFor = (deps: Deps, tx?: DbOrTx) => (tx ? lockTagsForWrite(tx) : getAllTags(deps));

/**
 * An article's tags as a writer sends them: each an active tag, named as listed (SPEC's 'Choose from …', at the
 * field of the first that is not, as the schema's check said it). `kept`: names the article has already, which it
 * may keep though archived since. With `tx`, checked again in the write's transaction (see lockTagsForWrite).
 */
export async function checkArticleTags(
  deps: Deps,
  given: readonly string[],
  kept?: () => Promise<readonly string[]>,
  tx?: DbOrTx,
) {
  const all = await tagsFor(deps, tx);
  const active = all.filter((tag) => !tag.archived);
  const offered = new Set(names(active));
  const existing = new Set(names(all));
  let keptNames: Set<string> | undefined;
  for (const [index, name] of given.entries()) {
    if (offered.has(name)) continue;
    keptNames ??= new Set(kept ? await kept() : []);
    if (keptNames.has(name) && existing.has(name)) continue;
    const message = TAG_MESSAGES.chooseFrom(names(active));
    throw badRequest(`Invalid body: tags.${index} ${message}`, { [`tags.${index}`]: [message] });
  }
}

/**
 * A list's or a feed's tag filter: any tag, an archived one's too (its page still lists its articles), or a former
 * name of one (a renamed or merged tag's, found by its earlier address): answers the tag's current name. Otherwise
 * the 400 the schema gave for a tag outside SPEC's five.
 */
export async function resolveTagFilter(deps: Deps, name: string | undefined): Promise<string | undefined> {
  if (!name) return undefined;
  const all = await getAllTags(deps);
  if (all.some((tag) => tag.name === name)) return name;
  const former = (await getFormerSlugs(deps)).find((candidate) => candidate.slug === slugify(name));
  const renamed = former && all.find((tag) => tag._id === former.tagId);
  if (renamed) return renamed.name;
  const message = TAG_MESSAGES.unknownFilter(names(all.filter((tag) => !tag.archived)));
  throw badRequest(`Invalid querystring: tag ${message}`, { tag: [message] });
}

/**
 * Brief follows and parental controls: active tags, or ones already chosen (which an archive does not take away).
 * With `tx`, checked again in the write's transaction (see lockTagsForWrite).
 */
export async function checkTagChoices(
  deps: Deps,
  given: readonly string[],
  field: string,
  kept: () => Promise<readonly string[]>,
  tx?: DbOrTx,
) {
  const all = await tagsFor(deps, tx);
  const active = all.filter((tag) => !tag.archived);
  const offered = new Set(names(active));
  const existing = new Set(names(all));
  const others = given.filter((name) => !offered.has(name));
  if (others.length === 0) return;
  const keptNames = new Set(await kept());
  if (others.every((name) => keptNames.has(name) && existing.has(name))) return;
  const message = TAG_MESSAGES.unknownChoice(names(active));
  throw badRequest(message, { [field]: [message] });
}

/** The dashboard's list, read fresh: every tag in order with its articles (any status). */
export async function getAdminTags({ db }: Pick<AppDeps, 'db'>): Promise<AdminTag[]> {
  return (await repository.listWithArticleCounts(db)).map(({ tag, articles }) => toAdminTag(tag, articles));
}

const toAdminTag = (row: repository.TagRow, articles: number): AdminTag => ({
  ...toTag(row),
  position: row.position,
  articles,
  createdAt: row.createdAt.toISOString(),
});

async function adminTag(db: AppDeps['db'], id: string): Promise<AdminTag> {
  const tag = (await getAdminTags({ db })).find((candidate) => candidate._id === id);
  if (!tag) throw notFound(TAG_MESSAGES.notFound);
  return tag;
}

/** The name is free (ignoring case) and so is its address; a live tag takes an address that only redirected. */
async function claimName(tx: Transaction, name: string, self?: string): Promise<string> {
  const named = await repository.findByName(tx, name);
  if (named && named.id !== self) throw conflict(TAG_MESSAGES.nameTaken);
  const slug = slugify(name);
  const addressed = await repository.findBySlug(tx, slug);
  if (addressed && addressed.id !== self) throw conflict(TAG_MESSAGES.slugTaken(slug));
  await repository.dropFormerSlug(tx, slug);
  return slug;
}

/** A new tag, placed last. Names are unique ignoring case, and so are their addresses. */
export async function createTag(deps: ChangeDeps, admin: Viewer, input: CreateTagInput): Promise<AdminTag> {
  const now = deps.clock();
  const name = input.name.trim();
  const row = await commit(deps, async (tx, after) => {
    await repository.lockTags(tx);
    const existing = await repository.listAll(tx);
    if (existing.length >= TAG_LIMITS.tagsMax) throw conflict(TAG_MESSAGES.tooMany);
    const slug = await claimName(tx, name);
    const position = Math.max(0, ...existing.map((tag) => tag.position)) + 1;
    const created = await repository.insert(tx, { name, slug, position, createdAt: now });
    after.stale('catalogue');
    await recordAction(tx, { actorId: admin.id, action: 'tag-create', detail: name, at: now });
    return created;
  });
  return adminTag(deps.db, row.id);
}

/**
 * A rename (every article, revision, follow and parental control carries it; the old address redirects) and/or
 * an archive or unarchive.
 */
export async function updateTag(deps: ChangeDeps, admin: Viewer, id: string, patch: TagPatch): Promise<AdminTag> {
  const tagId = requireUuid(id, 'That tag');
  const now = deps.clock();
  await commit(deps, async (tx, after) => {
    await repository.lockTags(tx);
    const tag = await repository.findById(tx, tagId);
    if (!tag) throw notFound(TAG_MESSAGES.notFound);
    const changes: Partial<repository.NewTag> = {};
    const name = patch.name?.trim();
    if (name !== undefined && name !== tag.name) {
      const slug = await claimName(tx, name, tag.id);
      if (slug !== tag.slug) await repository.keepFormerSlug(tx, tag.slug, tag.id, now);
      Object.assign(changes, { name, slug });
      for (const userId of await repository.replaceTagName(tx, tag.name, name)) after.viewerChanged(userId);
    }
    if (patch.archived !== undefined && patch.archived !== (tag.archivedAt !== null)) {
      changes.archivedAt = patch.archived ? now : null;
    }
    if (Object.keys(changes).length === 0) return;
    await repository.update(tx, tag.id, changes);
    after.stale('catalogue');
    await recordAction(tx, {
      actorId: admin.id,
      action: 'tag-update',
      detail: `${tag.name}: ${JSON.stringify(patch)}`,
      at: now,
    });
  });
  return adminTag(deps.db, tagId);
}

/**
 * Merges a tag into another: every article, revision, follow and parental control that had it has the other
 * instead (once), the tag is removed, and its addresses lead to the other's page.
 */
export async function mergeTag(deps: ChangeDeps, admin: Viewer, id: string, into: string): Promise<AdminTag> {
  const fromId = requireUuid(id, 'That tag');
  const now = deps.clock();
  const targetId = await commit(deps, async (tx, after) => {
    await repository.lockTags(tx);
    const from = await repository.findById(tx, fromId);
    if (!from) throw notFound(TAG_MESSAGES.notFound);
    const target = UUID.test(into) ? await repository.findById(tx, into.toLowerCase()) : undefined;
    if (!target) throw badRequest(TAG_MESSAGES.mergeTargetNotFound, { into: [TAG_MESSAGES.mergeTargetNotFound] });
    if (target.id === from.id) throw badRequest(TAG_MESSAGES.mergeIntoItself, { into: [TAG_MESSAGES.mergeIntoItself] });
    for (const userId of await repository.replaceTagName(tx, from.name, target.name)) after.viewerChanged(userId);
    await repository.moveFormerSlugs(tx, from.id, target.id);
    await repository.remove(tx, from.id);
    await repository.keepFormerSlug(tx, from.slug, target.id, now);
    after.stale('catalogue');
    await recordAction(tx, {
      actorId: admin.id,
      action: 'tag-merge',
      detail: `${from.name} → ${target.name}`,
      at: now,
    });
    return target.id;
  });
  return adminTag(deps.db, targetId);
}
