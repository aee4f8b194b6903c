export interface Plan {
  id: 'trial' | 'individual' | 'family';
  name: string;
  /** Duration text, stored as the plan choice's `label`. */
  label: string;
  /** Duration in minutes, stored as the plan choice's `value`. */
  value: number;
  /** Price in major currency units. */
  price: number;
  features: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'trial',
    name: 'Free Trial (1 Minute, for testing)',
    label: '1 Minute',
    value: 1,
    price: 10,
    features: ['Access to 1 premium article', 'No commitment', 'Preview of exclusive reporting'],
  },
  {
    id: 'individual',
    name: 'Individual Premium',
    label: '5 Days',
    value: 7200,
    price: 300,
    features: ['Unlimited premium articles', 'No ads', 'Daily news brief by e-mail'],
  },
  {
    id: 'family',
    name: 'Family Plan',
    label: '10 Days',
    value: 14400,
    price: 500,
    features: ['Up to 6 accounts', 'Parental controls', 'Full access', 'Daily highlights'],
  },
];

export type PlanId = Plan['id'];
export const PLAN_IDS = PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];
export const DEFAULT_PLAN_ID: PlanId = 'trial';

export function findPlan(id: string | undefined | null): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** The plan's note, derived so it can never disagree with price and duration (docs/product.md#plan-notes-derived-from-price). */
export function planNote(plan: Plan, currency: string): string {
  return `${formatPrice(plan.price, currency)} for ${plan.label.toLowerCase()}`;
}

/** What the browser keeps under `subscriptionPlan`. */
export interface PlanChoice {
  id: PlanId;
  label: string;
  value: number;
  price: number;
}

export function toPlanChoice(plan: Plan): PlanChoice {
  return { id: plan.id, label: plan.label, value: plan.value, price: plan.price };
}
