import { formatPrice, PLAN_SALE_TEXT, planNote, TEXT, type Plan } from '@dispatch/shared';
import { useId } from 'react';
import { CheckIcon } from '../../../components/icons';
import { EmptyState, Skeleton, UnavailableNote } from '../../../components/states';
import { usePlans } from '../../../api/plans';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { useViewer } from '../../../hooks/use-viewer';

interface PlanCardProps {
  plan: Plan;
  featured: boolean;
  freeDaysUsed: boolean;
  onChoose: (plan: Plan) => void;
}

function PlanCard({ plan, featured, freeDaysUsed, onChoose }: PlanCardProps) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className={`flex flex-col rounded-lg bg-surface p-6 sm:p-8 ${
        featured ? 'border-2 border-ink shadow-lg lg:-my-3 lg:py-11' : 'border border-rule'
      }`}
    >
      <h3 id={nameId} className="text-xl font-bold break-words text-ink sm:text-2xl">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="font-serif text-4xl font-bold text-ink lining-nums">
          {formatPrice(plan.price, plan.currency)}
        </span>
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        {TEXT.homeCopy.accessFor} {plan.label}
      </p>
      <ul className="mt-6 space-y-3 border-t border-rule pt-6 text-[0.9375rem]">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />
            <span className="min-w-0 break-words">{feature}</span>
          </li>
        ))}
      </ul>
      {/* Pushed down: every card's note and button line up, whatever its name and list take. */}
      <p className="mt-auto pt-6 text-sm text-ink-soft italic">{planNote(plan, { subscribedBefore: freeDaysUsed })}</p>
      <button
        type="button"
        aria-describedby={nameId}
        onClick={() => onChoose(plan)}
        className={`btn mt-6 w-full ${featured ? 'btn-accent' : 'btn-primary'}`}
      >
        {TEXT.home.choosePlan}
      </button>
    </article>
  );
}

/**
 * The plans on sale, in the publisher's order. With an odd number of three or more the middle one, the one
 * most readers take, gets the ink frame. On the home page, which says once (with one retry) that its data did not come.
 */
export function PlansSection() {
  const plans = usePlans();
  const choosePlan = useChoosePlan();
  const { freeDaysUsed } = useViewer();

  if (plans.isPending) {
    return (
      <div role="status" aria-label={TEXT.states.loading} className="grid gap-6 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-96" />
        ))}
      </div>
    );
  }
  if (plans.isError) return <UnavailableNote />;
  if (plans.data.length === 0) return <EmptyState message={PLAN_SALE_TEXT.noneOnSale} />;

  const count = plans.data.length;
  const featured = count >= 3 && count % 2 === 1 ? (count - 1) / 2 : -1;
  return (
    <div className="grid items-stretch gap-6 lg:grid-cols-3">
      {plans.data.map((plan, index) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          featured={index === featured}
          freeDaysUsed={freeDaysUsed}
          onChoose={choosePlan}
        />
      ))}
    </div>
  );
}
