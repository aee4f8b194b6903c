import { z } from 'zod';

/**
 * The publisher's settings (docs/product.md#site-settings): one row the admin edits on /dashboard/settings. A new
 * site starts with SPEC's rules; the site name, contact and social links start from the environment.
 */

/** Who may read a free article in full: SPEC's 'signed-in' readers, or 'anyone' (a visitor too). */
export const FREE_ARTICLE_READERS = ['signed-in', 'anyone'] as const;
export type FreeArticleReaders = (typeof FREE_ARTICLE_READERS)[number];

/** Whether the registration form's photo is SPEC's 'required' or 'optional'. */
export const REGISTRATION_PHOTO = ['required', 'optional'] as const;
export type RegistrationPhoto = (typeof REGISTRATION_PHOTO)[number];

export const SITE_SETTINGS_LIMITS = {
  siteNameMaxLength: 80,
  postalAddressMaxLength: 300,
  /** The most articles a writer without premium may hold that the admin may set (0: no limit). */
  writerArticleLimitMax: 1000,
} as const;

/** SPEC's rules: what a new site starts with, whatever the environment says. */
export const SPEC_SITE_RULES = {
  freeArticleReaders: 'signed-in',
  bylineShowsEmail: true,
  registrationPhoto: 'required',
  writerArticleLimit: 1,
} as const satisfies {
  freeArticleReaders: FreeArticleReaders;
  bylineShowsEmail: boolean;
  registrationPhoto: RegistrationPhoto;
  writerArticleLimit: number;
};

const socialLink = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]);

export const SiteSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(SITE_SETTINGS_LIMITS.siteNameMaxLength),
  contactEmail: z.email(),
  /** Printed in e-mail footers; '' for none. */
  postalAddress: z.string().trim().max(SITE_SETTINGS_LIMITS.postalAddressMaxLength),
  /** '' hides that link. */
  social: z.object({ facebook: socialLink, x: socialLink, instagram: socialLink, linkedin: socialLink }),
  freeArticleReaders: z.enum(FREE_ARTICLE_READERS),
  bylineShowsEmail: z.boolean(),
  registrationPhoto: z.enum(REGISTRATION_PHOTO),
  /** How many articles a writer without premium may hold; 0: no limit. */
  writerArticleLimit: z.number().int().min(0).max(SITE_SETTINGS_LIMITS.writerArticleLimitMax),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
