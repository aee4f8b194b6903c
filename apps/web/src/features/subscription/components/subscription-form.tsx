import { defaultPlan, findPlan, formatPrice, planNote, TEXT, type Plan } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { describedBy, FieldError } from '../../../components/form-field';
import { CheckIcon } from '../../../components/icons';
import { HydratedForm } from '../../../components/hydrated-form';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { useViewer } from '../../../hooks/use-viewer';
import { readStoredPlanId } from '../utils/plan-choice';

interface SubscriptionFormProps {
  /** The plans on sale, in order. */
  plans: Plan[];
  /** A plan the page was opened for (`?plan=`): listed, or sold by its link only. */
  linkedPlan?: Plan;
}

/**
 * /subscription's plan select (docs/product.md#screens, 5): the linked plan, or else the stored one, or else
 * the default (the 1-minute plan on a new site) preselected.
 */
export function SubscriptionForm({ plans, linkedPlan }: SubscriptionFormProps) {
  const options = useMemo(
    () => (linkedPlan && !findPlan(plans, linkedPlan.id) ? [...plans, linkedPlan] : plans),
    [plans, linkedPlan],
  );
  const schema = useMemo(
    () =>
      z.object({
        planId: z.string().refine((id) => findPlan(options, id) !== undefined, TEXT.validation.durationRequired),
      }),
    [options],
  );
  const preselected = linkedPlan?.id ?? defaultPlan(plans)?.id ?? '';
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { planId: preselected } });
  // The server renders the default plan; the stored choice lives in this browser, so it is applied once the page
  // has hydrated (reading it during the first render would not match the server's HTML). A link's plan wins.
  useEffect(() => {
    if (linkedPlan) return;
    const stored = findPlan(options, readStoredPlanId());
    if (stored) setValue('planId', stored.id);
  }, [linkedPlan, options, setValue]);
  const choosePlan = useChoosePlan();
  const { freeDaysUsed } = useViewer();
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const summaryId = `${selectId}-summary`;
  const plan = findPlan(options, useWatch({ control, name: 'planId' }));

  const onSubmit = handleSubmit(({ planId }) => {
    const chosen = findPlan(options, planId);
    if (chosen) choosePlan(chosen);
  });

  return (
    <HydratedForm noValidate onSubmit={onSubmit} className="panel">
      <label htmlFor={selectId} className="field-label">
        {TEXT.subscriptionPage.duration}
      </label>
      <select
        id={selectId}
        aria-invalid={errors.planId ? true : undefined}
        aria-describedby={describedBy(errors.planId && errorId, plan && summaryId)}
        className="field-control"
        // The server's HTML shows the preselected plan before the form library takes the field over.
        defaultValue={preselected}
        {...register('planId')}
      >
        <option value="">{TEXT.subscription.selectDuration}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {`${option.label} — ${formatPrice(option.price, option.currency)}`}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={errors.planId?.message} />

      <div aria-live="polite" className="mt-6">
        {plan && (
          <div
            id={summaryId}
            className="rounded-md border border-accent-line/40 bg-accent-wash px-5 py-5 sm:flex sm:items-start sm:justify-between sm:gap-8"
          >
            <div>
              <p className="kicker">{TEXT.subscriptionPage.price}</p>
              <p className="mt-1 font-serif text-4xl font-bold text-ink lining-nums">
                {formatPrice(plan.price, plan.currency)}
              </p>
              <p className="mt-1 text-sm font-semibold break-words text-ink">{plan.name}</p>
              <p className="mt-1 text-sm text-ink-soft italic">{planNote(plan, { subscribedBefore: freeDaysUsed })}</p>
            </div>
            <div className="mt-5 sm:mt-0 sm:min-w-56">
              <p className="kicker">{TEXT.subscriptionPage.includes}</p>
              <ul className="mt-2 space-y-2 text-[0.9375rem]">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />
                    <span className="min-w-0 break-words">{feature}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </div>

      <button type="submit" className="btn btn-accent mt-6 w-full sm:w-auto">
        {TEXT.subscription.proceed}
      </button>
    </HydratedForm>
  );
}
