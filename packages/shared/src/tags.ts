import { z } from 'zod';
import { requiredText, text } from './fields.js';

/*
 * Tags are rows the admin adds, renames, merges and archives (docs/product.md#tags); SPEC's five (`TAGS`) are the
 * seed. Articles, revisions, brief follows and parental controls hold tag names, rewritten on a rename or merge
 * (docs/decisions/067-tags-are-rows.md).
 */

export const TAG_LIMITS = {
  nameMax: 40,
  /** The most tags a site holds, archived ones included: also the most one request may name. */
  tagsMax: 50,
} as const;

export const TAG_MESSAGES = {
  nameRequired: 'Enter the tag’s name',
  nameNeedsLetter: 'A tag’s name needs a letter or a digit',
  nameTaken: 'There is already a tag by that name.',
  slugTaken: (slug: string) => `Another tag already has the address /tags/${slug}. Choose another name.`,
  notFound: 'That tag was not found.',
  mergeIntoItself: 'Choose another tag to merge into.',
  mergeTargetNotFound: 'The tag to merge into was not found.',
  nothingToChange: 'Give a new name, or archive or unarchive the tag.',
  tooMany: `A site holds at most ${TAG_LIMITS.tagsMax} tags.`,
  /** SPEC's message for an article's tag that is not one of the list: the tags offered now. */
  chooseFrom: (names: readonly string[]) => `Choose from ${names.join(', ')}`,
  /** A list's or a feed's tag filter naming no tag (SPEC's five on a default site). */
  unknownFilter: (names: readonly string[]) => `must be one of ${names.join(', ')}`,
  /** A brief follow or a parental control naming no tag offered. */
  unknownChoice: (names: readonly string[]) => `Choose tags from ${names.join(', ')}`,
} as const;

/** A tag as anyone sees it: the public list holds active tags only; a page's lookup may find an archived one. */
export const TagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its page's address, /tags/{slug}. */
  slug: z.string(),
  archived: z.boolean(),
});
export type Tag = z.infer<typeof TagSchema>;

/** The dashboard's row: its place, how many articles (any status) carry it, when it was added. */
export const AdminTagSchema = TagSchema.extend({
  position: z.number().int(),
  articles: z.number().int(),
  createdAt: z.string(),
});
export type AdminTag = z.infer<typeof AdminTagSchema>;

export const TagSlugParamsSchema = z.object({ slug: text().max(200) });

const TagName = requiredText(TAG_MESSAGES.nameRequired, TAG_LIMITS.nameMax).refine(
  (name) => name === '' || /[\p{L}\p{N}]/u.test(name),
  TAG_MESSAGES.nameNeedsLetter,
);

export const CreateTagInputSchema = z.object({ name: TagName });
export type CreateTagInput = z.input<typeof CreateTagInputSchema>;

/** A rename, an archive (`archived: true`) or an unarchive; at least one. */
export const TagPatchSchema = z
  .object({ name: TagName.optional(), archived: z.boolean().optional() })
  .refine((patch) => patch.name !== undefined || patch.archived !== undefined, TAG_MESSAGES.nothingToChange);
export type TagPatch = z.input<typeof TagPatchSchema>;

export const MergeTagInputSchema = z.object({ into: text().trim().min(1, TAG_MESSAGES.mergeTargetNotFound).max(64) });
export type MergeTagInput = z.input<typeof MergeTagInputSchema>;
