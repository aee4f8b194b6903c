import {
  ChartsSchema,
  SETTINGS_TEXT,
  SPEC_SITE_RULES,
  TEXT,
  type AdminSiteSettings,
  type SiteSettings,
  type SiteSettingsPatch,
} from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths } from '../../../lib/paths';
import { openDashboard } from '../../../test/admin';
import { errorResponse, type StubRequest } from '../../../test/api-stub';
import { config } from '../../../test/fixtures';

const S = SETTINGS_TEXT;

const defaults: SiteSettings = {
  siteName: config.siteName,
  contactEmail: config.supportEmail,
  postalAddress: '',
  social: config.social,
  ...SPEC_SITE_RULES,
};

function answer(settings: Partial<SiteSettings> = {}, checklist: Partial<AdminSiteSettings['checklist']> = {}) {
  return {
    settings: { ...defaults, ...settings },
    defaults,
    checklist: { siteName: false, contact: false, readers: false, plans: false, dismissed: false, ...checklist },
  } satisfies AdminSiteSettings;
}

/** The settings API as the server keeps it: a PATCH changes what the next GET answers. */
function settingsApi(initial = answer()) {
  let current = initial;
  const patches: SiteSettingsPatch[] = [];
  return {
    patches,
    handler: (_url: URL, request: StubRequest) => {
      if (request.method !== 'PATCH') return current;
      const patch = request.body as SiteSettingsPatch;
      patches.push(patch);
      const { reviewed, checklistDismissed, social, ...rest } = patch;
      current = {
        ...current,
        settings: { ...current.settings, ...rest, social: { ...current.settings.social, ...social } },
        checklist: {
          ...current.checklist,
          ...(reviewed && { [reviewed]: true }),
          ...(checklistDismissed && { dismissed: true }),
          ...(rest.siteName && { siteName: true }),
        },
      };
      return current;
    },
  };
}

describe('/dashboard/settings', () => {
  it('shows the settings in force, SPEC marked as the default, in three sections', async () => {
    const api = settingsApi();
    openDashboard(paths.dashboardSettings, { [apiPaths.adminSettings]: api.handler });
    expect(await screen.findByRole('heading', { level: 1, name: S.heading })).toBeVisible();
    expect(await screen.findByLabelText(S.siteName)).toHaveValue(config.siteName);
    expect(screen.getByLabelText(S.contactEmail)).toHaveValue(config.supportEmail);
    expect(screen.getByLabelText(S.x)).toHaveValue(config.social.x);
    for (const section of [S.siteSection, S.readersSection, S.writersSection])
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeVisible();
    const readers = screen.getByRole('group', { name: S.freeArticleReaders });
    expect(
      within(readers).getByRole('radio', { name: `${S.freeArticleReadersOptions['signed-in']} ${S.defaultMark}` }),
    ).toBeChecked();
    expect(
      screen.getByRole('radio', { name: `${S.registrationPhotoOptions.required} ${S.defaultMark}` }),
    ).toBeChecked();
    expect(screen.getByLabelText(S.writerArticleLimit)).toHaveValue(1);
    // The dashboard's sidebar links here.
    expect(screen.getByRole('link', { name: S.heading })).toHaveAttribute('href', paths.dashboardSettings);
  });

  it('sends only what changed, says it saved, and reads the site configuration again', async () => {
    const api = settingsApi();
    const { person, api: server } = openDashboard(paths.dashboardSettings, {
      [apiPaths.adminSettings]: api.handler,
    });
    const name = await screen.findByLabelText(S.siteName);
    const configReads = server.calls('/api/config').length;
    await person.clear(name);
    await person.type(name, 'The Harbour Daily');
    await person.click(screen.getByRole('radio', { name: S.registrationPhotoOptions.optional }));
    const limit = screen.getByLabelText(S.writerArticleLimit);
    await person.clear(limit);
    await person.type(limit, '3');
    await person.click(screen.getByRole('button', { name: S.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(S.saved);
    expect(api.patches).toEqual([
      { reviewed: 'readers', siteName: 'The Harbour Daily', registrationPhoto: 'optional', writerArticleLimit: 3 },
    ]);
    expect(screen.getByLabelText(S.siteName)).toHaveValue('The Harbour Daily');
    // The header's name and links, and the rules every page meets, come from the configuration.
    await waitFor(() => expect(server.calls('/api/config').length).toBeGreaterThan(configReads));
  });

  it("shows the server's field messages next to the fields and says nothing was saved", async () => {
    const { person } = openDashboard(paths.dashboardSettings, {
      [apiPaths.adminSettings]: (_url: URL, request: StubRequest) =>
        request.method === 'PATCH'
          ? errorResponse(400, 'Enter a valid email address', {
              code: 'VALIDATION_FAILED',
              fieldErrors: { contactEmail: ['Enter a valid email address'] },
            })
          : answer(),
    });
    const email = await screen.findByLabelText(S.contactEmail);
    await person.clear(email);
    await person.type(email, 'not an address');
    await person.click(screen.getByRole('button', { name: S.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(S.saveFailed);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Enter a valid email address/));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a limit that is no whole number before sending anything', async () => {
    const api = settingsApi();
    const { person } = openDashboard(paths.dashboardSettings, { [apiPaths.adminSettings]: api.handler });
    const limit = await screen.findByLabelText(S.writerArticleLimit);
    await person.clear(limit);
    await person.click(screen.getByRole('button', { name: S.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(S.saveFailed);
    expect(limit).toHaveAccessibleDescription(/whole number/);
    expect(api.patches).toEqual([]);
  });

  it('shows a loading state, then an error with a retry when the settings cannot be read', async () => {
    openDashboard(paths.dashboardSettings, { [apiPaths.adminSettings]: errorResponse(403, 'Admins only') });
    expect(await screen.findByText(S.loading)).toBeVisible();
    expect(await screen.findByText(S.loadFailed)).toBeVisible();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeVisible();
  });
});

const charts = ChartsSchema.parse({
  byPublisher: [],
  byTag: [],
  byMonth: [],
});

describe('the Overview setup checklist', () => {
  it('lists the steps left with links to where each is done, and a dismissal kept on the server', async () => {
    const api = settingsApi(answer({}, { contact: true }));
    const { person } = openDashboard(paths.dashboard, {
      [apiPaths.adminSettings]: api.handler,
      [apiPaths.dashboardCharts]: charts,
    });
    const checklist = await screen.findByRole('region', { name: S.checklistHeading });
    expect(within(checklist).getByText(S.checklistProgress(1, 4))).toBeVisible();
    expect(within(checklist).getByRole('link', { name: S.checklistSteps.siteName })).toHaveAttribute(
      'href',
      `${paths.dashboardSettings}#site`,
    );
    expect(within(checklist).getByRole('link', { name: S.checklistSteps.readers })).toHaveAttribute(
      'href',
      `${paths.dashboardSettings}#readers`,
    );
    expect(within(checklist).getByRole('link', { name: S.checklistSteps.plans })).toHaveAttribute(
      'href',
      paths.dashboardPlans,
    );
    await person.click(within(checklist).getByRole('button', { name: S.checklistDismiss }));
    await waitFor(() => expect(screen.queryByRole('region', { name: S.checklistHeading })).toBeNull());
    expect(api.patches).toEqual([{ checklistDismissed: true }]);
  });

  it('marks the plans step when the admin opens the plans from it', async () => {
    const api = settingsApi();
    const { person } = openDashboard(paths.dashboard, {
      [apiPaths.adminSettings]: api.handler,
      [apiPaths.dashboardCharts]: charts,
      [apiPaths.adminPlans]: { plans: [] },
    });
    const checklist = await screen.findByRole('region', { name: S.checklistHeading });
    await person.click(within(checklist).getByRole('link', { name: S.checklistSteps.plans }));
    await waitFor(() => expect(api.patches).toEqual([{ reviewed: 'plans' }]));
  });

  it('is not shown once every step is done, nor once dismissed', async () => {
    const done = { siteName: true, contact: true, readers: true, plans: true };
    for (const checklist of [done, { dismissed: true }]) {
      const { api, unmount } = openDashboard(paths.dashboard, {
        [apiPaths.adminSettings]: answer({}, checklist),
        [apiPaths.dashboardCharts]: charts,
      });
      expect(await screen.findByRole('heading', { level: 1, name: TEXT.dashboard.overview })).toBeVisible();
      await waitFor(() => expect(api.calls(apiPaths.adminSettings)).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: S.checklistHeading })).toBeNull();
      unmount();
    }
  });
});
