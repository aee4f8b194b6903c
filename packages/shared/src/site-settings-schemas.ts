import { z } from 'zod';
import { hasNoControlCharacters, text } from './fields.js';
import { FREE_ARTICLE_READERS, REGISTRATION_PHOTO, SITE_SETTINGS_LIMITS } from './site-settings.js';

/**
 * The publisher's settings as the API carries them (docs/product.md#site-settings). Apart from site-settings.ts, whose
 * constants the home page's first load holds, so that zod stays out of it.
 */
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

const emailMessage = 'Enter a valid email address';
const socialLinkInput = z.union([
  z.literal(''),
  text()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full address starting with https://' })),
]);

/**
 * A change to the settings (`PATCH /api/admin/settings`): any of the fields, the social links one by one. Unknown
 * fields are refused, so a misspelt one is a 400, not a silent no-op.
 */
export const SiteSettingsPatchSchema = z
  .object({
    siteName: text()
      .trim()
      .min(1, 'Site name is required')
      .max(
        SITE_SETTINGS_LIMITS.siteNameMaxLength,
        `Must be at most ${SITE_SETTINGS_LIMITS.siteNameMaxLength} characters`,
      )
      .refine(hasNoControlCharacters, 'Site name must not contain line breaks or other control characters'),
    contactEmail: text().trim().pipe(z.email(emailMessage)),
    postalAddress: text()
      .trim()
      .max(
        SITE_SETTINGS_LIMITS.postalAddressMaxLength,
        `Must be at most ${SITE_SETTINGS_LIMITS.postalAddressMaxLength} characters`,
      ),
    social: z
      .object({ facebook: socialLinkInput, x: socialLinkInput, instagram: socialLinkInput, linkedin: socialLinkInput })
      .partial()
      .strict(),
    freeArticleReaders: z.enum(FREE_ARTICLE_READERS),
    bylineShowsEmail: z.boolean(),
    registrationPhoto: z.enum(REGISTRATION_PHOTO),
    writerArticleLimit: z
      .number()
      .int('Must be a whole number')
      .min(0, 'Must be 0 (no limit) or more')
      .max(SITE_SETTINGS_LIMITS.writerArticleLimitMax, `Must be at most ${SITE_SETTINGS_LIMITS.writerArticleLimitMax}`),
    /** Setup checklist: the admin looked at who reads free articles, or at the plans; or dismissed it. */
    reviewed: z.enum(['readers', 'plans']),
    checklistDismissed: z.literal(true),
  })
  .partial()
  .strict();
export type SiteSettingsPatch = z.infer<typeof SiteSettingsPatchSchema>;

/** The setup checklist's steps, each done or not, and whether the admin dismissed it. */
export const SetupChecklistSchema = z.object({
  siteName: z.boolean(),
  contact: z.boolean(),
  readers: z.boolean(),
  plans: z.boolean(),
  dismissed: z.boolean(),
});
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;

/** `GET /api/admin/settings`: the settings in force, what a field left alone falls back to, and the checklist. */
export const AdminSiteSettingsSchema = z.object({
  settings: SiteSettingsSchema,
  defaults: SiteSettingsSchema,
  checklist: SetupChecklistSchema,
});
export type AdminSiteSettings = z.infer<typeof AdminSiteSettingsSchema>;
