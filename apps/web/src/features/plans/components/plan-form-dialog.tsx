import {
  PLAN_LIMITS,
  PLAN_MESSAGES,
  PLAN_TEXT,
  PLAN_VISIBILITIES,
  PlanInputSchema,
  RENEWAL_INTERVALS,
  RENEWAL_MINUTES,
  type Plan,
  type RenewalInterval,
} from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormAlert } from '../../../components/form-alert';
import { describedBy, FieldError, FieldFrame, fieldAria, TextField, useFieldIds } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextAreaField } from '../../../components/text-area-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreatePlan } from '../api/create-plan';
import { useUpdatePlan } from '../api/update-plan';
import {
  DURATION_UNITS,
  emptyPlanForm,
  FIELD_FOR,
  planForm,
  PlanFormSchema,
  type PlanFormValues,
} from '../utils/plan-form';

type PlanInputOutput = ReturnType<typeof PlanFormSchema.parse>;

const RENEWAL_CHOICES = ['pass', ...RENEWAL_INTERVALS] as const;
type RenewalChoice = (typeof RENEWAL_CHOICES)[number];

/** The plan form and how the plan renews (docs/product.md#renewing-subscriptions): never (a pass), or every interval. */
interface FormValues extends PlanFormValues {
  renewal: RenewalChoice;
  /** A renewing plan's days before its first charge; a pass sends 0. */
  freeDays: string;
}
type FormOutput = PlanInputOutput & { renewsEvery: RenewalInterval | null; freeDays: number };

const FORM_FIELD_FOR = { ...FIELD_FOR, renewsEvery: 'renewal', freeDays: 'freeDays' } as const satisfies Record<
  string,
  keyof FormValues
>;

/** The form field that shows an API field's message (`features.2` is the benefits box's). */
const formFieldOf = (apiField: string) => FORM_FIELD_FOR[apiField.split('.')[0] as keyof typeof FORM_FIELD_FOR];

const intervalOf = (renewal: RenewalChoice) => (renewal === 'pass' ? null : renewal);

/** The first message anywhere in an error entry (a benefit's message sits in an array under `features`). */
function firstMessage(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  if ('message' in entry && typeof entry.message === 'string') return entry.message;
  for (const value of Object.values(entry)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

const checkWithServerSchema = zodResolver(PlanFormSchema);
const checkFreeDays = (typed: string) =>
  PlanInputSchema.shape.freeDays.safeParse(typed.trim() === '' ? Number.NaN : Number(typed));

/**
 * The shared schema's messages, moved from the API's field names to the form fields that show them. A renewing
 * plan is checked as the server stores it: its interval for a duration and every premium article, whatever the
 * hidden inputs hold.
 */
const resolver: Resolver<FormValues, unknown, FormOutput> = async (values, context, options) => {
  const renewsEvery = intervalOf(values.renewal);
  const asStored: PlanFormValues = renewsEvery
    ? { ...values, durationAmount: String(RENEWAL_MINUTES[renewsEvery]), durationUnit: 'minutes', articlesMode: 'all' }
    : values;
  // Field names matter only to field arrays, which this form has none of.
  const result = await checkWithServerSchema(asStored, context, { ...options, names: undefined });
  const errors: FieldErrors<FormValues> = {};
  for (const [apiField, entry] of Object.entries(result.errors)) {
    const field = formFieldOf(apiField) ?? 'name';
    const message = firstMessage(entry);
    if (message && !errors[field]) errors[field] = { type: 'validation', message };
  }
  const freeDays = renewsEvery ? checkFreeDays(values.freeDays) : undefined;
  if (freeDays && !freeDays.success) {
    errors.freeDays = { type: 'validation', message: freeDays.error.issues[0]?.message };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return {
    values: { ...(result.values as PlanInputOutput), renewsEvery, freeDays: freeDays?.data ?? 0 },
    errors: {},
  };
};

interface PlanFormDialogProps {
  /** 'new', a plan to edit, or null: closed. */
  editing: Plan | 'new' | null;
  currency: string;
  onClose: () => void;
}

/**
 * New plan and Edit (docs/product.md#plans): name, price, how it renews (a renewing plan's free days instead of a
 * duration), benefits, articles, accounts, who can buy it.
 */
export function PlanFormDialog({ editing, currency, onClose }: PlanFormDialogProps) {
  return (
    <DialogFrame open={editing !== null} onClose={onClose} className="max-w-2xl border-ink p-6 sm:p-8">
      {editing !== null && (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? null : editing}
          currency={currency}
          onDone={onClose}
        />
      )}
    </DialogFrame>
  );
}

function PlanForm({ plan, currency, onDone }: { plan: Plan | null; currency: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    formState: { errors },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver,
    defaultValues: plan
      ? { ...planForm(plan), renewal: plan.renewsEvery ?? 'pass', freeDays: String(plan.freeDays) }
      : { ...emptyPlanForm(currency), renewal: 'pass', freeDays: '0' },
  });
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [problem, setProblem] = useState<string | null>(null);
  const articlesMode = useWatch({ control, name: 'articlesMode' });
  const renewing = useWatch({ control, name: 'renewal' }) !== 'pass';
  const renewalIds = useFieldIds(undefined);
  const ids = useId();
  const unitId = `${ids}-unit`;
  const durationErrorId = `${ids}-duration-error`;
  const articlesHintId = `${ids}-articles-hint`;
  const articlesErrorId = `${ids}-articles-error`;
  const visibilityErrorId = `${ids}-visibility-error`;

  const onError = (error: Error) => {
    if (error instanceof ApiError) {
      const fields = Object.entries(error.fieldErrors ?? {}).filter(([field]) => formFieldOf(field));
      for (const [field, messages] of fields) {
        if (messages[0]) setError(formFieldOf(field), { type: 'server', message: messages[0] });
      }
      if (error.status === 409 && error.message === PLAN_MESSAGES.nameTaken) {
        setError('name', { type: 'server', message: error.message });
        return;
      }
      if (fields.length > 0) return;
    }
    setProblem(errorMessage(error));
  };

  const onSubmit = handleSubmit((input) => {
    setProblem(null);
    if (plan) {
      update.mutate(
        { id: plan.id, patch: input },
        {
          onSuccess: () => {
            toast.success(PLAN_MESSAGES.saved);
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast.success(PLAN_MESSAGES.created);
          onDone();
        },
        onError,
      });
    }
  });

  const durationError = errors.durationAmount?.message;
  const articlesError = errors.articlesCount?.message;
  const renewalError = errors.renewal?.message;
  // Why the number of articles is off for a renewing plan, unless the server's message already says it.
  const articlesHint =
    renewing && articlesError !== PLAN_MESSAGES.renewingNeedsFullAccess
      ? PLAN_MESSAGES.renewingNeedsFullAccess
      : undefined;
  return (
    <>
      <Dialog.Title className="text-2xl font-bold break-words text-ink">
        {plan ? PLAN_TEXT.editTitle(plan.name) : PLAN_TEXT.newPlan}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-ink-soft">{PLAN_TEXT.intro}</Dialog.Description>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        <TextField label={PLAN_TEXT.fields.name} error={errors.name?.message} {...register('name')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={PLAN_TEXT.fields.price}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={errors.price?.message}
            {...register('price')}
          />
          <TextField
            label={PLAN_TEXT.fields.currency}
            maxLength={3}
            autoCapitalize="none"
            error={errors.currency?.message}
            {...register('currency')}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FieldFrame ids={renewalIds} label={PLAN_TEXT.fields.renewsEvery} error={renewalError}>
            <select
              {...fieldAria(renewalIds, undefined, renewalError)}
              className="field-control"
              {...register('renewal', {
                // A renewing plan includes every premium article, as the server requires.
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value !== 'pass') setValue('articlesMode', 'all');
                },
              })}
            >
              {RENEWAL_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {PLAN_TEXT.renewal[choice]}
                </option>
              ))}
            </select>
          </FieldFrame>
          {renewing && (
            <TextField
              label={PLAN_TEXT.fields.freeDays}
              hint={PLAN_TEXT.fields.freeDaysHint}
              type="number"
              inputMode="numeric"
              min="0"
              max={PLAN_LIMITS.freeDaysMax}
              step="1"
              error={errors.freeDays?.message}
              {...register('freeDays')}
            />
          )}
        </div>
        {!renewing && (
          <div>
            <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3">
              <TextField
                label={PLAN_TEXT.fields.duration}
                type="number"
                inputMode="numeric"
                min="1"
                step="1"
                aria-invalid={durationError ? true : undefined}
                aria-describedby={describedBy(durationError && durationErrorId)}
                {...register('durationAmount')}
              />
              <div>
                <label htmlFor={unitId} className="field-label">
                  {PLAN_TEXT.fields.durationUnit}
                </label>
                <select id={unitId} className="field-control" {...register('durationUnit')}>
                  {DURATION_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {PLAN_TEXT.units[unit]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <FieldError id={durationErrorId} message={durationError} />
          </div>
        )}
        <TextAreaField
          label={PLAN_TEXT.fields.features}
          rows={4}
          error={errors.features?.message}
          {...register('features')}
        />
        <fieldset aria-describedby={describedBy(articlesHint && articlesHintId, articlesError && articlesErrorId)}>
          <legend className="field-label">{PLAN_TEXT.fields.premiumArticles}</legend>
          <div className="mt-1 space-y-2">
            <label className="flex items-center gap-2 text-ink">
              <input type="radio" value="all" {...register('articlesMode')} />
              {PLAN_TEXT.fields.premiumArticlesAll}
            </label>
            <label className="flex items-center gap-2 text-ink">
              <input type="radio" value="count" disabled={renewing} {...register('articlesMode')} />
              {PLAN_TEXT.fields.premiumArticlesCount}
            </label>
          </div>
          {articlesHint && (
            <p id={articlesHintId} className="field-hint">
              {articlesHint}
            </p>
          )}
          {articlesMode === 'count' && (
            <TextField
              className="mt-3 max-w-56"
              label={PLAN_TEXT.fields.premiumArticlesNumber}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              aria-invalid={articlesError ? true : undefined}
              aria-describedby={describedBy(articlesError && articlesErrorId)}
              {...register('articlesCount')}
            />
          )}
          <FieldError id={articlesErrorId} message={articlesError} />
        </fieldset>
        <TextField
          className="max-w-56"
          label={PLAN_TEXT.fields.familySeats}
          hint={PLAN_TEXT.fields.familySeatsHint}
          type="number"
          inputMode="numeric"
          min="1"
          max={PLAN_LIMITS.familySeatsMax}
          step="1"
          error={errors.familySeats?.message}
          {...register('familySeats')}
        />
        <fieldset aria-describedby={describedBy(errors.visibility && visibilityErrorId)}>
          <legend className="field-label">{PLAN_TEXT.fields.visibility}</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
            {PLAN_VISIBILITIES.map((visibility) => (
              <label key={visibility} className="flex items-center gap-2 text-ink">
                <input type="radio" value={visibility} {...register('visibility')} />
                {PLAN_TEXT.visibility[visibility]}
              </label>
            ))}
          </div>
          <FieldError id={visibilityErrorId} message={errors.visibility?.message} />
        </fieldset>
        <FormAlert message={problem} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Dialog.Close className="btn btn-outline">{PLAN_TEXT.cancel}</Dialog.Close>
          <SubmitButton pending={create.isPending || update.isPending} className="btn btn-primary">
            {plan ? PLAN_TEXT.save : PLAN_TEXT.create}
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
