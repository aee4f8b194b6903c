import { DEFAULT_PLAN_ID, findPlan, formatPrice, planNote, PLANS, TEXT } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { describedBy, FieldError } from '../../../components/form-field';
import { CheckIcon } from '../../../components/icons';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { readStoredPlan } from '../utils/plan-choice';
import { HydratedForm } from '../../../components/hydrated-form';

const SubscriptionFormSchema = z.object({
  planId: z.string().refine((id) => findPlan(id) !== undefined, TEXT.validation.durationRequired),
});

/** /subscription's plan select (docs/product.md#screens, 5): the stored or the 1-minute plan preselected. */
export function SubscriptionForm({ currency }: { currency: string }) {
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(SubscriptionFormSchema), defaultValues: { planId: DEFAULT_PLAN_ID } });
  // The server renders the 1-minute plan; the stored choice lives in this browser, so it is applied once
  // the page has hydrated (reading it during the first render would not match the server's HTML).
  useEffect(() => {
    const stored = readStoredPlan();
    if (stored) setValue('planId', stored.id);
  }, [setValue]);
  const choosePlan = useChoosePlan();
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const summaryId = `${selectId}-summary`;
  const plan = findPlan(useWatch({ control, name: 'planId' }));

  const onSubmit = handleSubmit(({ planId }) => {
    const chosen = findPlan(planId);
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
        defaultValue={DEFAULT_PLAN_ID}
        {...register('planId')}
      >
        <option value="">{TEXT.subscription.selectDuration}</option>
        {PLANS.map((option) => (
          <option key={option.id} value={option.id}>
            {`${option.label} — ${formatPrice(option.price, currency)}`}
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
                {formatPrice(plan.price, currency)}
              </p>
              <p className="mt-1 text-sm font-semibold text-ink">{plan.name}</p>
              <p className="mt-1 text-sm text-ink-soft italic">{planNote(plan, currency)}</p>
            </div>
            <div className="mt-5 sm:mt-0 sm:min-w-56">
              <p className="kicker">{TEXT.subscriptionPage.includes}</p>
              <ul className="mt-2 space-y-2 text-[0.9375rem]">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />
                    <span>{feature}</span>
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
