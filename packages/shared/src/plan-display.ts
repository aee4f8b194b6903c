/*
 * What shows a plan, without zod: the home page's plan cards and the stored plan choice need these in the first
 * load, and plans.ts (the schemas) would bring zod with it (docs/architecture/web.md#code-splitting-and-page-weight).
 * plans.ts re-exports every name, so `./plans.js` still offers the whole plan contract.
 */

export const PLAN_VISIBILITIES = ['listed', 'unlisted', 'archived'] as const;
export type PlanVisibility = (typeof PLAN_VISIBILITIES)[number];

/** How often a renewing plan charges again (docs/product.md#renewing-subscriptions); a pass renews never. */
export const RENEWAL_INTERVALS = ['month', 'year'] as const;
export type RenewalInterval = (typeof RENEWAL_INTERVALS)[number];

/** A plan as `GET /api/plans` answers it (plans.ts's PlanSchema gives this shape). */
export interface Plan {
  id: string;
  name: string;
  /** Price in major currency units, as the browser's plan choice stores it. */
  price: number;
  /** Lower-case ISO code: the plan's own, or the site's CURRENCY. */
  currency: string;
  /** Duration text ("1 Minute", "5 Days"), derived from `value`; stored as the plan choice's `label`. */
  label: string;
  /** Duration in minutes, stored as the plan choice's `value`. */
  value: number;
  /** The benefit lines, in order. */
  features: string[];
  /** Null: every premium article while access lasts; a number: that many premium articles in full. */
  premiumArticles: number | null;
  /** Accounts the pass covers, the buyer's included: above 1, the buyer invites the others (a family). */
  familySeats: number;
  /** The order plans are shown in, lowest first. */
  position: number;
  /** Listed: on /subscription and the home page; unlisted: sold only by its link; archived: sold to no one new. */
  visibility: PlanVisibility;
  /** Null: a pass of `value` minutes. Otherwise a subscription charged again every month or year until cancelled. */
  renewsEvery: RenewalInterval | null;
  /** A renewing plan's days before the first charge (0: charged at once); always 0 for a pass. */
  freeDays: number;
}

/** SPEC's three timed passes, word for word: the plans a new site starts with. */
export const SEED_PLANS: readonly Plan[] = [
  {
    id: 'trial',
    name: 'Free Trial (1 Minute, for testing)',
    label: '1 Minute',
    value: 1,
    price: 10,
    currency: 'usd',
    features: ['Access to 1 premium article', 'No commitment', 'Preview of exclusive reporting'],
    premiumArticles: null,
    familySeats: 1,
    position: 1,
    visibility: 'listed',
    renewsEvery: null,
    freeDays: 0,
  },
  {
    id: 'individual',
    name: 'Individual Premium',
    label: '5 Days',
    value: 7200,
    price: 300,
    currency: 'usd',
    features: ['Unlimited premium articles', 'No ads', 'Daily news brief by e-mail'],
    premiumArticles: null,
    familySeats: 1,
    position: 2,
    visibility: 'listed',
    renewsEvery: null,
    freeDays: 0,
  },
  {
    id: 'family',
    name: 'Family Plan',
    label: '10 Days',
    value: 14400,
    price: 500,
    currency: 'usd',
    features: ['Up to 6 accounts', 'Parental controls', 'Full access', 'Daily highlights'],
    premiumArticles: null,
    familySeats: 6,
    position: 3,
    visibility: 'listed',
    renewsEvery: null,
    freeDays: 0,
  },
];

/** SPEC: the 1-minute plan is preselected when it is on sale; otherwise the first plan listed. */
export const DEFAULT_PLAN_ID = 'trial';

export function defaultPlan(plans: readonly Plan[]): Plan | undefined {
  return plans.find((plan) => plan.id === DEFAULT_PLAN_ID) ?? plans[0];
}

export function findPlan(plans: readonly Plan[], id: string | undefined | null): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

const DURATION_UNITS = [
  { minutes: 24 * 60, one: 'Day', many: 'Days' },
  { minutes: 60, one: 'Hour', many: 'Hours' },
  { minutes: 1, one: 'Minute', many: 'Minutes' },
] as const;

/** 1 -> "1 Minute", 7200 -> "5 Days", 90 -> "90 Minutes": the largest unit that divides the duration. */
export function durationLabel(minutes: number): string {
  const unit = DURATION_UNITS.find((candidate) => minutes % candidate.minutes === 0) ?? DURATION_UNITS[2];
  const count = minutes / unit.minutes;
  return `${count} ${count === 1 ? unit.one : unit.many}`;
}

/** 12.5 -> 1250; 1250 -> 12.5. Plans are shown in major units and charged in minor ones. */
export const toMinorUnits = (price: number) => Math.round(price * 100);
export const toMajorUnits = (amount: number) => amount / 100;

const priceFormats = new Map<string, Intl.NumberFormat>();

export function formatPrice(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = priceFormats.get(code);
  if (!format) priceFormats.set(code, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })));
  return format.format(amount);
}

/**
 * The plan's note, derived so it can never disagree with price and duration
 * (docs/product.md#plan-notes-derived-from-price): "$300.00 for 5 days" for a pass, "$9.00 a month" or
 * "7 days free, then $9.00 a month" for a renewing plan; its free days only for a reader who has not used them
 * (`freeDaysFor`): an anonymous visitor has not.
 */
export function planNote(
  plan: Pick<Plan, 'price' | 'currency' | 'label'> & Partial<Pick<Plan, 'renewsEvery' | 'freeDays'>>,
  reader = { subscribedBefore: false },
): string {
  const price = formatPrice(plan.price, plan.currency);
  if (!plan.renewsEvery) return `${price} for ${plan.label.toLowerCase()}`;
  const renewing = `${price} a ${plan.renewsEvery}`;
  const free = freeDaysFor(plan, reader);
  return free > 0 ? `${free} ${free === 1 ? 'day' : 'days'} free, then ${renewing}` : renewing;
}

/**
 * The free days a checkout of a renewing plan starts with (docs/product.md#renewing-subscriptions): the plan's for
 * an account's first renewing subscription on this site, none for a later one, which is charged at once. Stripe and
 * Ghost give a trial once per customer too; an offer granting free days again would be decided here. Here, not in
 * subscriptions.ts: the plan list's notes take it in the first load, without zod.
 */
export function freeDaysFor(plan: { freeDays?: number }, reader: { subscribedBefore: boolean }): number {
  return reader.subscribedBefore ? 0 : (plan.freeDays ?? 0);
}

/** What the browser keeps under `subscriptionPlan` (SPEC: label, value, price; the id names the row). */
export interface PlanChoice {
  id: string;
  label: string;
  value: number;
  price: number;
}

export function toPlanChoice(plan: Plan): PlanChoice {
  return { id: plan.id, label: plan.label, value: plan.value, price: plan.price };
}

/** A reader's words when a plan cannot be bought: the home page's, /subscription's and /payment's. */
export const PLAN_SALE_TEXT = {
  unavailableHeading: 'Plan no longer offered',
  noneOnSale: 'No plans are on sale right now. Please come back soon.',
} as const;

/** What a reader sees of their own access on /profile and beside a premium article. */
export const ACCESS_TEXT = {
  planLabel: 'Plan',
  includes: 'Includes',
  complimentary: 'Complimentary premium',
  articlesLeft: (left: number, included: number) =>
    `${left} of ${included} premium ${included === 1 ? 'article' : 'articles'} left to open`,
  articlesUsed: (included: number) =>
    `You have opened the ${included === 1 ? 'premium article' : `${included} premium articles`} your plan includes.`,
  /** The teaser's button when the page came from another site and spent none of the pass. */
  readWithPass: (left: number) =>
    left === 1
      ? "Read it with your pass's last premium article"
      : `Read it with one of your pass's ${left} premium articles`,
  allArticles: 'Every premium article',
  /** The admin's users table, under the plan. */
  noPlan: 'No plan',
  accessUntil: (date: string) => `Until ${date}`,
  accessEnded: (date: string) => `Ended ${date}`,
  /** The admin's users table: the family the reader owns or belongs to (docs/product.md#families). */
  familyLabel: 'Family',
  familyOwner: (members: number) => `Owner, ${members} ${members === 1 ? 'member' : 'members'}`,
  familyAccounts: (used: number, seats: number) => `${used} of ${seats} accounts used`,
  familyMember: (owner: string) => `Member of ${owner}`,
  noFamily: 'No family',
} as const;
