import { formatPrice, planNote, PLANS, TEXT, type Plan } from '@dispatch/shared';
import { useId } from 'react';
import { CheckIcon } from '../../../components/icons';
import { useChoosePlan } from '../hooks/use-choose-plan';

/** The plan in the middle is the one most readers take; it gets the ink frame. */
const FEATURED_PLAN: Plan['id'] = 'individual';

function PlanCard({ plan, currency, onChoose }: { plan: Plan; currency: string; onChoose: (plan: Plan) => void }) {
  const nameId = useId();
  const featured = plan.id === FEATURED_PLAN;
  return (
    <article
      aria-labelledby={nameId}
      className={`flex flex-col rounded-lg bg-surface p-6 sm:p-8 ${
        featured ? 'border-2 border-ink shadow-lg lg:-my-3 lg:py-11' : 'border border-rule'
      }`}
    >
      <h3 id={nameId} className="text-xl font-bold text-ink sm:text-2xl">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="font-serif text-4xl font-bold text-ink lining-nums">{formatPrice(plan.price, currency)}</span>
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        {TEXT.homeCopy.accessFor} {plan.label}
      </p>
      <ul className="mt-6 space-y-3 border-t border-rule pt-6 text-[0.9375rem]">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {/* Pushed down: every card's note and button line up, whatever its name and list take. */}
      <p className="mt-auto pt-6 text-sm text-ink-soft italic">{planNote(plan, currency)}</p>
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

export function PlansSection({ currency }: { currency: string }) {
  const choosePlan = useChoosePlan();
  return (
    <div className="grid items-stretch gap-6 lg:grid-cols-3">
      {PLANS.map((plan) => (
        <PlanCard key={plan.id} plan={plan} currency={currency} onChoose={choosePlan} />
      ))}
    </div>
  );
}
