import { z } from 'zod';
import { LIMITS } from './constants.js';
import { ArticleCardSchema } from './schemas.js';
import { SLUG_MAX_LENGTH } from './slugs.js';
import { text } from './fields.js';
import { AUTHOR_LIMITS, AUTHOR_LINK_KINDS, AUTHOR_TEXT, type AuthorLinkKind } from './author-texts.js';

/*
 * Author pages (docs/product.md#author-pages): what a writer shows of themselves at /authors/{slug}, and what they
 * edit on /profile. Never the e-mail.
 */

/** One link: blank for none, else an http(s) address. */
const LinkSchema = text()
  .trim()
  .max(AUTHOR_LIMITS.linkMaxLength, AUTHOR_TEXT.linkTooLong)
  .refine((value) => value === '' || isWebAddress(value), AUTHOR_TEXT.linkInvalid);

const webAddress = z.url({ protocol: /^https?$/ });
const isWebAddress = (value: string) => webAddress.safeParse(value).success;

/** The links as sent: each optional, a blank one removed. */
export const AuthorLinksInputSchema = z
  .object(
    Object.fromEntries(AUTHOR_LINK_KINDS.map((kind) => [kind, LinkSchema.optional()])) as {
      [K in AuthorLinkKind]: z.ZodOptional<typeof LinkSchema>;
    },
  )
  .strict()
  .transform((links) => {
    const kept: Partial<Record<AuthorLinkKind, string>> = {};
    for (const kind of AUTHOR_LINK_KINDS) if (links[kind]) kept[kind] = links[kind];
    return kept;
  });

export const AuthorLinksSchema = z.object(
  Object.fromEntries(AUTHOR_LINK_KINDS.map((kind) => [kind, z.string().optional()])) as {
    [K in AuthorLinkKind]: z.ZodOptional<z.ZodString>;
  },
);
export type AuthorLinks = z.infer<typeof AuthorLinksSchema>;

/** What a writer may add to the profile's name and photo: both optional, left as they are when absent. */
export const AuthorProfileInputSchema = z.object({
  bio: text().trim().max(AUTHOR_LIMITS.bioMaxLength, AUTHOR_TEXT.bioTooLong).optional(),
  links: AuthorLinksInputSchema.optional(),
});

/** An author page's slug, as a publisher's. */
export const AuthorSlugParamsSchema = z.object({
  slug: text()
    .min(1)
    .max(SLUG_MAX_LENGTH * 4),
});

export const AuthorPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.maxPage).default(1),
});

/** /authors/{slug}: the author, never their e-mail, and a page of their approved articles, newest published first. */
export const AuthorPageSchema = z.object({
  author: z.object({
    name: z.string(),
    slug: z.string(),
    photo: z.string(),
    bio: z.string(),
    links: AuthorLinksSchema,
  }),
  articles: z.array(ArticleCardSchema),
  total: z.number().int(),
});
export type AuthorPage = z.infer<typeof AuthorPageSchema>;
