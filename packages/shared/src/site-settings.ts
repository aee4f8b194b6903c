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

// The schemas (SiteSettingsSchema, the admin's patch and answer) are in site-settings-schemas.ts: this module stays in
// the home page's first load (SPEC_SITE_RULES is the fallback configuration's), and zod must not.
