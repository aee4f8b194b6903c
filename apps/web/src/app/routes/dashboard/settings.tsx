import { SETTINGS_TEXT } from '@dispatch/shared';
import { ErrorState, LoadingState } from '../../../components/states';
import { useAdminSettings } from '../../../api/settings-admin';
import { SettingsForm } from '../../../features/settings/components/settings-form';
import { DashboardHeading } from './dashboard-heading';

const S = SETTINGS_TEXT;

/** /dashboard/settings: the site's name and contact, and the rules readers and writers meet (docs/product.md#site-settings). */
export function SettingsRoute() {
  const settings = useAdminSettings();
  return (
    <section aria-labelledby="settings-heading">
      <DashboardHeading id="settings-heading" title={S.heading} intro={S.intro} />
      {settings.isPending ? (
        <LoadingState label={S.loading} />
      ) : settings.isError ? (
        <ErrorState message={S.loadFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm data={settings.data} />
      )}
    </section>
  );
}
