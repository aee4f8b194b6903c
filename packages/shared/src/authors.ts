import { z } from 'zod';
import { LIMITS } from './constants.js';
import { ArticleCardSchema } from './schemas.js';
import { SLUG_MAX_LENGTH } from './slugs.js';
import { text } from './fields.js';

/*
 * Author pages (docs/product.md#author-pages): what a writer shows of themselves at /authors/{slug}, and what they
 * edit on /profile. Never the e-mail.
 */

/** The public links an author may give, in the order their page shows them. */
export const AUTHOR_LINK_KINDS = ['website', 'x', 'linkedin', 'instagram', 'facebook'] as const;
export type AuthorLinkKind = (typeof AUTHOR_LINK_KINDS)[number];

export const AUTHOR_TEXT = {
  kicker: 'Author',
  articlesTitle: 'Articles',
  empty: 'No published articles yet.',
  notFound: 'No author has this address.',
  backToHome: 'Back to Home',
  description: (name: string, siteName: string) => `Articles by ${name} on ${siteName}.`,
  linkLabels: {
    website: 'Website',
    x: 'X',
    linkedin: 'LinkedIn',
    instagram: 'Instagram',
    facebook: 'Facebook',
  } satisfies Record<AuthorLinkKind, string>,
  profile: {
    title: 'Author page',
    intro: 'Readers see these on your author page, beside your name and photo. Your e-mail is never shown there.',
    bio: 'Bio',
    bioHint: (max: number) => `At most ${max} characters.`,
    viewPage: 'View your author page',
  },
  bioTooLong: `Bio must be at most ${LIMITS.bioMaxLength} characters`,
  linkInvalid: 'Enter an address starting with http:// or https://',
  linkTooLong: `Must be at most ${LIMITS.linkMaxLength} characters`,
} as const;

/** One link: blank for none, else an http(s) address. */
const LinkSchema = text()
  .trim()
  .max(LIMITS.linkMaxLength, AUTHOR_TEXT.linkTooLong)
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
  bio: text().trim().max(LIMITS.bioMaxLength, AUTHOR_TEXT.bioTooLong).optional(),
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
