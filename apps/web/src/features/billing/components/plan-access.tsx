import { ACCESS_TEXT, type PremiumAccess } from '@dispatch/shared';
import { CheckIcon } from '../../../components/icons';

/**
 * Where the reader's current (or last) premium comes from and what it includes: the plan as it was bought,
 * the family plan a seat shares, or an admin's complimentary grant. When it ends is said beside it, by the premium status line.
 */
export function PlanAccess({ access }: { access: PremiumAccess }) {
  if (!access.source) return null;
  const name = access.source === 'complimentary' || !access.plan ? ACCESS_TEXT.complimentary : access.plan.name;
  // A family seat shows the owner's plan as it was bought (docs/product.md#families).
  const features = access.source !== 'complimentary' && access.plan ? access.plan.features : [];
  const limited = access.premiumArticles;
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-md border border-rule px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="font-semibold text-ink-soft">{ACCESS_TEXT.planLabel}</dt>
      <dd className="font-semibold break-words text-ink">{name}</dd>
      <dt className="font-semibold text-ink-soft">{ACCESS_TEXT.includes}</dt>
      <dd>
        <ul className="space-y-1.5">
          {limited ? (
            <li className="font-semibold text-ink">
              {ACCESS_TEXT.articlesLeft(Math.max(limited.included - limited.opened, 0), limited.included)}
            </li>
          ) : (
            features.length === 0 && <li className="text-ink">{ACCESS_TEXT.allArticles}</li>
          )}
          {features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />
              <span className="min-w-0 break-words">{feature}</span>
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}
