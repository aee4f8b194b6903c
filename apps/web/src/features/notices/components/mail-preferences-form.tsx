import { NOTICE_TEXT, NOTICES_TEXT, type MailPreferences, type NoticeKind } from '@dispatch/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { useMailPreferences } from '../../../api/mail';
import { useSaveMailPreferences } from '../api/mail';
import { ResendVerification } from './resend-verification';

function PreferencesForm({ preferences }: { preferences: MailPreferences }) {
  const [emailed, setEmailed] = useState(
    () => new Set(preferences.kinds.filter((one) => one.email).map((one) => one.kind)),
  );
  const save = useSaveMailPreferences();
  const toggle = (kind: NoticeKind, on: boolean) =>
    setEmailed((current) => {
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const optOuts = preferences.kinds.map((one) => one.kind).filter((kind) => !emailed.has(kind));
    save.mutate(optOuts, { onSuccess: () => toast.success(NOTICES_TEXT.preferences.saved) });
  };

  return (
    <HydratedForm onSubmit={onSubmit} className="space-y-4" aria-labelledby="mail-preferences-heading">
      <fieldset className="space-y-3">
        <legend className="sr-only">{NOTICES_TEXT.preferences.heading}</legend>
        {preferences.kinds.map(({ kind }) => (
          <label key={kind} className="flex items-start gap-3 text-ink">
            <input
              type="checkbox"
              name={kind}
              checked={emailed.has(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
              className="mt-1 size-4 accent-ink"
            />
            <span>{NOTICE_TEXT[kind].preference}</span>
          </label>
        ))}
      </fieldset>
      {save.isError && (
        <p role="alert" className="field-error">
          {errorMessage(save.error)}
        </p>
      )}
      <SubmitButton pending={save.isPending} className="btn btn-primary w-full sm:w-auto">
        {NOTICES_TEXT.preferences.save}
      </SubmitButton>
    </HydratedForm>
  );
}

/** The address is not verified yet: say so, and offer a new link (the welcome e-mail may be lost). */
function UnverifiedNote() {
  return (
    <div className="space-y-2 rounded-md border border-rule bg-surface p-4 text-sm">
      <p className="text-ink-soft">{NOTICES_TEXT.preferences.unverified}</p>
      <ResendVerification />
    </div>
  );
}

/** /profile's e-mail settings: one switch per kind of notice this person can get. */
export function MailPreferencesSection() {
  const preferences = useMailPreferences();
  return (
    <div className="space-y-4">
      <h2 id="mail-preferences-heading" className="text-2xl font-bold tracking-tight text-ink">
        {NOTICES_TEXT.preferences.heading}
      </h2>
      <p className="text-ink-soft">{NOTICES_TEXT.preferences.intro}</p>
      {preferences.isPending ? (
        <LoadingState />
      ) : preferences.isError ? (
        <ErrorState onRetry={() => void preferences.refetch()} />
      ) : (
        <>
          {!preferences.data.mailEnabled && <p className="text-sm text-ink-soft">{NOTICES_TEXT.preferences.mailOff}</p>}
          {preferences.data.mailEnabled && !preferences.data.emailVerified && <UnverifiedNote />}
          <PreferencesForm preferences={preferences.data} />
        </>
      )}
    </div>
  );
}
