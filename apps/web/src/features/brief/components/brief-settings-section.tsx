import {
  BRIEF_MESSAGES,
  BRIEF_PAGE_TEXT,
  BRIEF_TEXT,
  type BriefSettings,
  type BriefSubscription,
} from '@dispatch/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-alert';
import { HydratedForm } from '../../../components/hydrated-form';
import { LocalTime, MOMENT_WITH_ZONE } from '../../../components/local-time';
import { ErrorState, LoadingState } from '../../../components/states';
import { SubmitButton } from '../../../components/submit-button';
import { useViewer } from '../../../hooks/use-viewer';
import { useMyBrief } from '../../../api/brief';
import { useTagNames } from '../../../api/tags';
import { useSaveMyBrief, useStopMyBrief } from '../api/my-brief';
import { useSubscribeBrief } from '../api/subscribe';
import { DEFAULT_HOUR, HourSelect, TimeZoneSelect, useBrowserTimeZone } from './brief-fields';
import { subscribeProblem } from './subscribe-error';

export interface FollowablePublisher {
  _id: string;
  name: string;
}

/** Checkboxes for what the brief follows; none ticked is "Everything". */
function FollowList({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: Array<{ value: string; label: string }>;
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...chosen, value] : chosen.filter((one) => one !== value));
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">{legend}</legend>
      <label className="flex items-center gap-3 text-ink">
        <input
          type="checkbox"
          checked={chosen.length === 0}
          onChange={(event) => event.target.checked && onChange([])}
          className="size-4 accent-ink"
        />
        <span>{BRIEF_TEXT.everything}</span>
      </label>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-3 text-ink">
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
            className="size-4 accent-ink"
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Where the reader's subscription stands: its status, the address, a refusal's reason, the highlights. */
function SubscriptionFacts({ subscription }: { subscription: BriefSubscription }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      <dt className="font-semibold text-ink">{BRIEF_PAGE_TEXT.status}</dt>
      <dd className="text-ink-soft">{BRIEF_TEXT.statuses[subscription.status]}</dd>
      <dt className="font-semibold text-ink">{BRIEF_TEXT.email}</dt>
      <dd className="break-all text-ink-soft">{subscription.email}</dd>
      {subscription.lastBriefAt && (
        <>
          <dt className="font-semibold text-ink">{BRIEF_PAGE_TEXT.lastBrief}</dt>
          <dd className="text-ink-soft">
            <LocalTime iso={subscription.lastBriefAt} options={MOMENT_WITH_ZONE} />
          </dd>
        </>
      )}
      {subscription.status === 'suppressed' && subscription.suppressedReason && (
        <>
          <dt className="font-semibold text-ink">{BRIEF_PAGE_TEXT.suppressedReason}</dt>
          <dd className="break-words text-ink-soft">{subscription.suppressedReason}</dd>
        </>
      )}
    </dl>
  );
}

function SettingsForm({
  subscription,
  publishers,
}: {
  subscription: BriefSubscription | null;
  publishers: FollowablePublisher[];
}) {
  const browserZone = useBrowserTimeZone();
  const { hiddenTags } = useViewer();
  const [hour, setHour] = useState(subscription?.hour ?? DEFAULT_HOUR);
  const [chosenZone, setChosenZone] = useState<string | null>(subscription?.timeZone ?? null);
  const [tags, setTags] = useState<string[]>(subscription?.tags ?? []);
  // The active tags, and any followed that are no longer offered (archived): a follow stays until unchosen.
  const offeredTags = useTagNames().names;
  const keptTags = (subscription?.tags ?? []).filter((tag) => !offeredTags.includes(tag));
  const [followed, setFollowed] = useState<string[]>(subscription?.publishers ?? []);
  const [confirmStop, setConfirmStop] = useState(false);
  const save = useSaveMyBrief();
  const subscribe = useSubscribeBrief();
  const stop = useStopMyBrief();
  // Not subscribed, stopped or refused: only a new subscription starts mail again (the server says so too).
  const subscribing = !subscription || subscription.status === 'unsubscribed' || subscription.status === 'suppressed';
  const request = subscribing ? subscribe : save;
  const problem = request.isError ? subscribeProblem(request.error) : { fields: {}, form: null };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const settings: BriefSettings = { hour, timeZone: chosenZone ?? browserZone, tags, publishers: followed };
    if (subscribing) subscribe.mutate(settings, { onSuccess: () => toast.success(BRIEF_PAGE_TEXT.subscribed) });
    else save.mutate(settings, { onSuccess: () => toast.success(BRIEF_MESSAGES.saved) });
  };

  return (
    <>
      <HydratedForm onSubmit={onSubmit} noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <HourSelect value={hour} onChange={setHour} error={problem.fields.hour} />
          <TimeZoneSelect value={chosenZone ?? browserZone} onChange={setChosenZone} error={problem.fields.timeZone} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FollowList
            legend={BRIEF_TEXT.tags}
            options={[...offeredTags.filter((tag) => !hiddenTags.includes(tag)), ...keptTags].map((tag) => ({
              value: tag,
              label: tag,
            }))}
            chosen={tags}
            onChange={setTags}
          />
          <FollowList
            legend={BRIEF_TEXT.publishers}
            options={publishers.map((publisher) => ({ value: publisher._id, label: publisher.name }))}
            chosen={followed}
            onChange={setFollowed}
          />
        </div>
        <FormAlert message={problem.form ?? problem.fields.tags ?? problem.fields.publishers} />
        {stop.isError && <FormAlert message={subscribeProblem(stop.error).form} />}
        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton pending={request.isPending} className="btn btn-primary">
            {subscribing ? BRIEF_TEXT.subscribe : BRIEF_TEXT.save}
          </SubmitButton>
          {subscription && subscription.status !== 'unsubscribed' && (
            <button type="button" className="btn btn-outline" onClick={() => setConfirmStop(true)}>
              {BRIEF_TEXT.unsubscribe}
            </button>
          )}
        </div>
      </HydratedForm>
      <ConfirmDialog
        open={confirmStop}
        onOpenChange={setConfirmStop}
        title={BRIEF_PAGE_TEXT.stopTitle}
        description={BRIEF_PAGE_TEXT.stopBody}
        confirmLabel={BRIEF_TEXT.unsubscribe}
        tone="danger"
        onConfirm={() => stop.mutate(undefined, { onSuccess: () => toast.success(BRIEF_PAGE_TEXT.stopped) })}
      />
    </>
  );
}

/** /profile#brief: the reader's daily brief, its hour and zone, and what it follows. */
export function BriefSettingsSection({ publishers }: { publishers: FollowablePublisher[] }) {
  const me = useMyBrief();
  const subscription = me.data?.subscription ?? null;
  return (
    <section id="brief" aria-labelledby="brief-heading" className="space-y-4">
      <h2 id="brief-heading" className="text-2xl font-bold tracking-tight text-ink">
        {BRIEF_TEXT.heading}
      </h2>
      <p className="text-ink-soft">{BRIEF_TEXT.pitch}</p>
      {me.isPending ? (
        <LoadingState />
      ) : me.isError ? (
        <ErrorState onRetry={() => void me.refetch()} />
      ) : (
        <>
          {subscription ? (
            <SubscriptionFacts subscription={subscription} />
          ) : (
            <p className="text-sm text-ink">{BRIEF_TEXT.statuses.unsubscribed}</p>
          )}
          {subscription?.status === 'suppressed' && <p className="text-sm text-ink">{BRIEF_MESSAGES.suppressed}</p>}
          <p className="text-sm text-ink-soft">
            {subscription?.highlights ? BRIEF_PAGE_TEXT.highlightsIncluded : BRIEF_PAGE_TEXT.highlightsNotIncluded}
          </p>
          <SettingsForm
            key={`${subscription?.status ?? 'none'}-${subscription?.email ?? ''}`}
            subscription={subscription}
            publishers={publishers}
          />
        </>
      )}
    </section>
  );
}
