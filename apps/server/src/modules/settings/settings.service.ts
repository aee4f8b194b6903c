import {
  SPEC_SITE_RULES,
  type AdminSiteSettings,
  type SetupChecklist,
  type SiteSettings,
  type SiteSettingsPatch,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit } from '../../db/commit.js';
import { recordAction } from '../moderation/moderation.service.js';
import * as repository from './settings.repository.js';
import type { SettingsColumns, SettingsRow } from './settings.repository.js';

/**
 * The publisher's settings (docs/product.md#site-settings): one row, each null column its default. Read on every
 * page and e-mail, so cached in each instance under the `settings` namespace, whose generation every instance
 * checks (through Redis when there is one): a change is seen everywhere at once
 * (docs/decisions/065-the-publishers-settings.md).
 */
const SETTINGS_TTL_MS = 10 * 60_000;

/** The database or the caller's transaction (an e-mail written inside one reads the settings there). */
type ReadDeps = Pick<AppDeps, 'cache' | 'config'> & { db: DbOrTx };

/** What a new site starts with: SPEC's rules, and the environment's name, contact and social links. */
export function defaultSettings(config: AppDeps['config']): SiteSettings {
  return {
    siteName: config.site.name,
    contactEmail: config.site.supportEmail,
    postalAddress: '',
    social: { ...config.site.social },
    ...SPEC_SITE_RULES,
  };
}

function settingsOf(row: SettingsRow | undefined, defaults: SiteSettings): SiteSettings {
  if (!row) return defaults;
  return {
    siteName: row.siteName ?? defaults.siteName,
    contactEmail: row.contactEmail ?? defaults.contactEmail,
    postalAddress: row.postalAddress ?? defaults.postalAddress,
    social: {
      facebook: row.socialFacebook ?? defaults.social.facebook,
      x: row.socialX ?? defaults.social.x,
      instagram: row.socialInstagram ?? defaults.social.instagram,
      linkedin: row.socialLinkedin ?? defaults.social.linkedin,
    },
    freeArticleReaders: row.freeArticleReaders ?? defaults.freeArticleReaders,
    bylineShowsEmail: row.bylineShowsEmail ?? defaults.bylineShowsEmail,
    registrationPhoto: row.registrationPhoto ?? defaults.registrationPhoto,
    writerArticleLimit: row.writerArticleLimit ?? defaults.writerArticleLimit,
  };
}

/** The settings in force read from the row, uncached: for a worker that has no cache (the brief's sender). */
export async function readSiteSettings(db: DbOrTx, config: AppDeps['config']): Promise<SiteSettings> {
  return settingsOf(await repository.find(db), defaultSettings(config));
}

/** The settings in force: cached, and fresh on every instance once a change committed. */
export function getSiteSettings(deps: ReadDeps): Promise<SiteSettings> {
  return deps.cache.remember('settings', 'site', SETTINGS_TTL_MS, () => readSiteSettings(deps.db, deps.config));
}

function checklistOf(row: SettingsRow | undefined, defaults: SiteSettings): SetupChecklist {
  const settings = settingsOf(row, defaults);
  return {
    siteName: settings.siteName !== defaults.siteName,
    contact: row?.contactEmail != null,
    readers: row?.readersReviewedAt != null || row?.freeArticleReaders != null,
    plans: row?.plansReviewedAt != null,
    dismissed: row?.checklistDismissedAt != null,
  };
}

/** For the admin's settings page and the Overview's checklist: read fresh, never from the cache. */
export async function getAdminSettings(deps: Pick<AppDeps, 'db' | 'config'>): Promise<AdminSiteSettings> {
  const row = await repository.find(deps.db);
  const defaults = defaultSettings(deps.config);
  return { settings: settingsOf(row, defaults), defaults, checklist: checklistOf(row, defaults) };
}

type SettingField = Exclude<keyof SiteSettings, 'social'> | `social.${keyof SiteSettings['social']}`;

/** A field's value as History shows it. */
function shown(value: string | number | boolean): string {
  if (typeof value === 'string') return value === '' ? '(none)' : `“${value}”`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * The fields of `patch` whose value changes, each as its columns and one line of History ("writerArticleLimit: 1 →
 * 3"). A field set to what it already is changes nothing.
 */
function changesOf(current: SiteSettings, patch: SiteSettingsPatch) {
  const columns: SettingsColumns = {};
  const lines: string[] = [];
  const note = (field: SettingField, from: string | number | boolean, to: string | number | boolean) =>
    lines.push(`${field}: ${shown(from)} → ${shown(to)}`);
  const scalar = <K extends Exclude<keyof SiteSettings & keyof SettingsColumns, 'social'>>(field: K) => {
    const value = patch[field];
    if (value === undefined || value === current[field]) return;
    (columns as Record<string, unknown>)[field] = value;
    note(field, current[field], value);
  };
  scalar('siteName');
  scalar('contactEmail');
  scalar('postalAddress');
  scalar('freeArticleReaders');
  scalar('bylineShowsEmail');
  scalar('registrationPhoto');
  scalar('writerArticleLimit');
  const socialColumns = {
    facebook: 'socialFacebook',
    x: 'socialX',
    instagram: 'socialInstagram',
    linkedin: 'socialLinkedin',
  } as const;
  for (const network of Object.keys(socialColumns) as (keyof typeof socialColumns)[]) {
    const value = patch.social?.[network];
    if (value === undefined || value === current.social[network]) continue;
    columns[socialColumns[network]] = value;
    note(`social.${network}`, current.social[network], value);
  }
  return { columns, lines };
}

/**
 * Changes any of the settings (and the checklist's marks); each change of a setting is one History entry saying
 * what changed from what to what. Every instance reads the new settings, and renders its pages anew, once it
 * committed.
 */
export async function updateSettings(
  deps: Pick<AppDeps, 'db' | 'cache' | 'config' | 'viewers' | 'clock'>,
  admin: Viewer,
  patch: SiteSettingsPatch,
): Promise<AdminSiteSettings> {
  const now = deps.clock();
  const defaults = defaultSettings(deps.config);
  await commit(deps, async (tx, after) => {
    const row = await repository.lockForChange(tx);
    const { columns, lines } = changesOf(settingsOf(row, defaults), patch);
    if (patch.reviewed === 'readers' && !row.readersReviewedAt) columns.readersReviewedAt = now;
    if (patch.reviewed === 'plans' && !row.plansReviewedAt) columns.plansReviewedAt = now;
    if (patch.checklistDismissed && !row.checklistDismissedAt) columns.checklistDismissedAt = now;
    if (Object.keys(columns).length === 0) return;
    await repository.update(tx, { ...columns, updatedAt: now });
    if (lines.length === 0) return;
    // The site's name, links and rules are on every rendered page: those the catalogue keeps go too.
    after.stale('settings');
    after.stale('catalogue');
    await recordAction(tx, { actorId: admin.id, action: 'settings-update', detail: lines.join('\n'), at: now });
  });
  return getAdminSettings(deps);
}
