import {
  FREE_ARTICLE_READERS,
  REGISTRATION_PHOTO,
  SETTINGS_TEXT,
  SITE_SETTINGS_LIMITS,
  type AdminSiteSettings,
  type SiteSettings,
  type SiteSettingsPatch,
} from '@dispatch/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FieldFrame, TextField, describedBy, fieldAria, useFieldIds } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateSettings } from '../api/update-settings';

const S = SETTINGS_TEXT;
const NETWORKS = ['facebook', 'x', 'instagram', 'linkedin'] as const;

/** The form's values: every control's text, as the admin typed it. */
interface Values {
  siteName: string;
  contactEmail: string;
  postalAddress: string;
  social: Record<(typeof NETWORKS)[number], string>;
  freeArticleReaders: SiteSettings['freeArticleReaders'];
  bylineShowsEmail: 'yes' | 'no';
  registrationPhoto: SiteSettings['registrationPhoto'];
  writerArticleLimit: string;
}

function valuesOf(settings: SiteSettings): Values {
  return {
    siteName: settings.siteName,
    contactEmail: settings.contactEmail,
    postalAddress: settings.postalAddress,
    social: { ...settings.social },
    freeArticleReaders: settings.freeArticleReaders,
    bylineShowsEmail: settings.bylineShowsEmail ? 'yes' : 'no',
    registrationPhoto: settings.registrationPhoto,
    writerArticleLimit: String(settings.writerArticleLimit),
  };
}

type Errors = Record<string, string | undefined>;

/**
 * What changed from `settings`, as the API takes it; every save also marks the checklist's "who reads free
 * articles" step, which the admin has now looked at. A limit that is no whole number of 0 or more is the form's
 * own error.
 */
function patchOf(settings: SiteSettings, values: Values): { patch: SiteSettingsPatch; errors: Errors } {
  const patch: SiteSettingsPatch = { reviewed: 'readers' };
  const errors: Errors = {};
  const text = (field: 'siteName' | 'contactEmail' | 'postalAddress') => {
    if (values[field].trim() !== settings[field]) patch[field] = values[field];
  };
  text('siteName');
  text('contactEmail');
  text('postalAddress');
  for (const network of NETWORKS) {
    if (values.social[network].trim() !== settings.social[network])
      patch.social = { ...patch.social, [network]: values.social[network].trim() };
  }
  if (values.freeArticleReaders !== settings.freeArticleReaders) patch.freeArticleReaders = values.freeArticleReaders;
  const byline = values.bylineShowsEmail === 'yes';
  if (byline !== settings.bylineShowsEmail) patch.bylineShowsEmail = byline;
  if (values.registrationPhoto !== settings.registrationPhoto) patch.registrationPhoto = values.registrationPhoto;
  const limit = Number(values.writerArticleLimit);
  if (!/^\d+$/.test(values.writerArticleLimit.trim()) || limit > SITE_SETTINGS_LIMITS.writerArticleLimitMax) {
    errors.writerArticleLimit = `Enter a whole number from 0 to ${SITE_SETTINGS_LIMITS.writerArticleLimitMax}`;
  } else if (limit !== settings.writerArticleLimit) patch.writerArticleLimit = limit;
  return { patch, errors };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6 rounded-lg border border-rule p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="space-y-5">{children}</div>
    </section>
  );
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  hint,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  hint?: string;
  onChange: (value: T) => void;
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={describedBy(hint && hintId)}>
      <legend className="field-label">{legend}</legend>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-ink">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

/** /dashboard/settings' form: the site, its readers and its writers; only what changed is sent. */
export function SettingsForm({ data }: { data: AdminSiteSettings }) {
  const { settings, defaults } = data;
  const [values, setValues] = useState(() => valuesOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; message: string } | null>(null);
  const update = useUpdateSettings();
  const addressIds = useFieldIds(undefined);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const defaultNote = (isDefault: boolean) => (isDefault ? ` ${S.defaultMark}` : '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const { patch, errors: local } = patchOf(settings, values);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setOutcome({ kind: 'failed', message: S.saveFailed });
      return;
    }
    setOutcome(null);
    update.mutate(patch, {
      onSuccess: (answer) => {
        setValues(valuesOf(answer.settings));
        setOutcome({ kind: 'saved', message: S.saved });
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
        setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages[0]])));
        setOutcome({ kind: 'failed', message: `${S.saveFailed} ${errorMessage(error)}` });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Section id="site" title={S.siteSection}>
        <TextField
          label={S.siteName}
          value={values.siteName}
          maxLength={SITE_SETTINGS_LIMITS.siteNameMaxLength}
          error={errors.siteName}
          hint={S.siteNameHint}
          onChange={(event) => set({ siteName: event.target.value })}
        />
        <TextField
          label={S.contactEmail}
          type="email"
          value={values.contactEmail}
          error={errors.contactEmail}
          hint={S.contactEmailHint}
          onChange={(event) => set({ contactEmail: event.target.value })}
        />
        <FieldFrame ids={addressIds} label={S.postalAddress} hint={S.postalAddressHint} error={errors.postalAddress}>
          <textarea
            {...fieldAria(addressIds, S.postalAddressHint, errors.postalAddress)}
            className="field-control"
            rows={3}
            maxLength={SITE_SETTINGS_LIMITS.postalAddressMaxLength}
            value={values.postalAddress}
            onChange={(event) => set({ postalAddress: event.target.value })}
          />
        </FieldFrame>
        <fieldset>
          <legend className="field-label">{S.socialLinks}</legend>
          <p className="field-hint mb-3">{S.socialHint}</p>
          <div className="grid gap-4 md:grid-cols-2">
            {NETWORKS.map((network) => (
              <TextField
                key={network}
                label={S[network]}
                type="url"
                inputMode="url"
                value={values.social[network]}
                error={errors[`social.${network}`]}
                onChange={(event) => set({ social: { ...values.social, [network]: event.target.value } })}
              />
            ))}
          </div>
        </fieldset>
      </Section>

      <Section id="readers" title={S.readersSection}>
        <Choice
          legend={S.freeArticleReaders}
          name="freeArticleReaders"
          value={values.freeArticleReaders}
          hint={S.freeArticleReadersHint}
          options={FREE_ARTICLE_READERS.map((value) => ({
            value,
            label: S.freeArticleReadersOptions[value] + defaultNote(value === defaults.freeArticleReaders),
          }))}
          onChange={(freeArticleReaders) => set({ freeArticleReaders })}
        />
      </Section>

      <Section id="writers" title={S.writersSection}>
        <Choice
          legend={S.bylineShowsEmail}
          name="bylineShowsEmail"
          value={values.bylineShowsEmail}
          options={(['yes', 'no'] as const).map((value) => ({
            value,
            label: S.bylineShowsEmailOptions[value] + defaultNote((value === 'yes') === defaults.bylineShowsEmail),
          }))}
          onChange={(bylineShowsEmail) => set({ bylineShowsEmail })}
        />
        <Choice
          legend={S.registrationPhoto}
          name="registrationPhoto"
          value={values.registrationPhoto}
          options={REGISTRATION_PHOTO.map((value) => ({
            value,
            label: S.registrationPhotoOptions[value] + defaultNote(value === defaults.registrationPhoto),
          }))}
          onChange={(registrationPhoto) => set({ registrationPhoto })}
        />
        <TextField
          className="max-w-72"
          label={S.writerArticleLimit}
          hint={S.writerArticleLimitHint(defaults.writerArticleLimit)}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          value={values.writerArticleLimit}
          error={errors.writerArticleLimit}
          onChange={(event) => set({ writerArticleLimit: event.target.value })}
        />
      </Section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton pending={update.isPending} className="btn btn-primary w-full sm:w-auto">
          {S.save}
        </SubmitButton>
        <div aria-live="polite" className="min-h-6">
          {outcome?.kind === 'saved' && (
            <p role="status" className="font-semibold text-ink">
              {outcome.message}
            </p>
          )}
        </div>
      </div>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="field-error">
          {outcome.message}
        </p>
      )}
    </form>
  );
}
