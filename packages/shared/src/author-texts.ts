/* Author pages' words and link kinds (docs/product.md#author-pages), apart from their schemas: pages load no zod for them. */

/** Author pages' limits: apart from LIMITS, which the home page loads. */
export const AUTHOR_LIMITS = {
  /** An author's short bio on their page. */
  bioMaxLength: 300,
  /** Each of an author's public links. */
  linkMaxLength: 300,
  /** An author page's articles. */
  pageSize: 12,
} as const;

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
  },
  bioTooLong: `Bio must be at most ${AUTHOR_LIMITS.bioMaxLength} characters`,
  linkInvalid: 'Enter an address starting with http:// or https://',
  linkTooLong: `Must be at most ${AUTHOR_LIMITS.linkMaxLength} characters`,
} as const;
