import { SETTINGS_TEXT, type SetupChecklist as Checklist } from '@dispatch/shared';
import { Link } from 'react-router';
import { useAdminSettings } from '../../../api/settings-admin';
import { paths } from '../../../lib/paths';
import { useUpdateSettings } from '../api/update-settings';

const S = SETTINGS_TEXT;
const STEPS: { step: Exclude<keyof Checklist, 'dismissed'>; to: string }[] = [
  { step: 'siteName', to: `${paths.dashboardSettings}#site` },
  { step: 'contact', to: `${paths.dashboardSettings}#site` },
  { step: 'readers', to: `${paths.dashboardSettings}#readers` },
  { step: 'plans', to: paths.dashboardPlans },
];

/**
 * The Overview's setup checklist (docs/product.md#site-settings): a new site's admin sees what is left to set up
 * until every step is done or they dismiss it (kept on the server, for every admin and browser). It blocks nothing;
 * while it loads or if it cannot, nothing shows.
 */
export function SetupChecklist() {
  const settings = useAdminSettings();
  const update = useUpdateSettings();
  const checklist = settings.data?.checklist;
  if (!checklist || checklist.dismissed) return null;
  if (STEPS.every(({ step }) => checklist[step])) return null;
  const done = STEPS.filter(({ step }) => checklist[step]).length;

  return (
    <section
      aria-labelledby="setup-checklist-heading"
      className="mb-8 rounded-lg border-2 border-accent-line bg-accent-wash p-4 sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="setup-checklist-heading" className="text-xl font-bold text-ink">
            {S.checklistHeading}
          </h2>
          <p className="mt-1 text-ink">{S.checklistIntro}</p>
        </div>
        <p className="shrink-0 text-sm font-semibold text-ink-soft">{S.checklistProgress(done, STEPS.length)}</p>
      </div>
      <ol className="mt-4 space-y-2">
        {STEPS.map(({ step, to }) => (
          <li key={step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${
                checklist[step] ? 'border-ink bg-ink text-paper' : 'border-ink-soft'
              }`}
            >
              {checklist[step] ? '✓' : ''}
            </span>
            <span className="min-w-0">
              <Link
                to={to}
                className="font-semibold text-ink underline underline-offset-2 hover:no-underline"
                onClick={() => {
                  // Opening the plans is the step: SPEC's seeded plans are demo prices a real site changes.
                  if (step === 'plans' && !checklist.plans) update.mutate({ reviewed: 'plans' });
                }}
              >
                {S.checklistSteps[step]}
              </Link>
              <span className="ml-2 text-sm text-ink-soft">
                ({checklist[step] ? S.checklistDone : S.checklistToDo})
              </span>
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-outline mt-4 bg-surface"
        aria-busy={update.isPending || undefined}
        onClick={() => update.mutate({ checklistDismissed: true })}
      >
        {S.checklistDismiss}
      </button>
    </section>
  );
}
