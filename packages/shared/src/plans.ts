import { z } from 'zod';
import { requiredText, text } from './fields.js';

/*
 * Plans are rows the publisher edits at /dashboard/plans (docs/product.md#plans). This module holds what web and
 * server agree on: the shape of a plan, the admin's input and its limits, the texts, and SPEC's three plans, which
 * are what a new site starts with (migration 0022 inserts the same rows; a server test holds them equal).
 */

export const PLAN_LIMITS = {
  nameMax: 80,
  featuresMin: 1,
  featuresMax: 8,
  featureMax: 120,
  /** In major units: 100,000.00. */
  priceMax: 100_000,
  /** Five years. */
  durationMaxMinutes: 5 * 366 * 24 * 60,
  premiumArticlesMax: 1000,
  /** How many plans a site may hold, archived ones included. */
  plansMax: 50,
} as const;

export const PLAN_VISIBILITIES = ['listed', 'unlisted', 'archived'] as const;
export type PlanVisibility = (typeof PLAN_VISIBILITIES)[number];

/** A plan's id: SPEC's three are 'trial', 'individual' and 'family'; new ones get a slug of their name. */
export const PlanIdSchema = text()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Choose one of the plans.');
export type PlanId = string;

export const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Price in major currency units, as the browser's plan choice stores it. */
  price: z.number(),
  /** Lower-case ISO code: the plan's own, or the site's CURRENCY. */
  currency: z.string(),
  /** Duration text ("1 Minute", "5 Days"), derived from `value`; stored as the plan choice's `label`. */
  label: z.string(),
  /** Duration in minutes, stored as the plan choice's `value`. */
  value: z.number().int(),
  /** The benefit lines, in order. */
  features: z.array(z.string()),
  /** Null: every premium article while access lasts; a number: that many premium articles in full. */
  premiumArticles: z.number().int().nullable(),
  /** The order plans are shown in, lowest first. */
  position: z.number().int(),
  /** Listed: on /subscription and the home page; unlisted: sold only by its link; archived: sold to no one new. */
  visibility: z.enum(PLAN_VISIBILITIES),
});
export type Plan = z.infer<typeof PlanSchema>;

/** What anyone may buy now, in order: `GET /api/plans`. */
export const PlanListSchema = z.object({ plans: z.array(PlanSchema) });
export type PlanList = z.infer<typeof PlanListSchema>;

/** The dashboard's view of a plan: with how many bought it and how many hold access through it now. */
export const AdminPlanSchema = PlanSchema.extend({
  purchases: z.number().int(),
  activeHolders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;
export const AdminPlanListSchema = z.object({ plans: z.array(AdminPlanSchema) });

export const PLAN_MESSAGES = {
  choosePlan: 'Choose one of the plans.',
  planUnavailable: 'This plan is no longer offered. Choose another plan.',
  nameRequired: 'Give the plan a name',
  nameTaken: 'Another plan already has this name',
  priceInvalid: 'Enter a price above 0 with at most two decimals',
  currencyInvalid: 'Use a currency with two decimal places, such as usd or eur',
  durationInvalid: 'Enter a duration of at least one minute and at most five years',
  featuresRequired: 'List at least one benefit',
  featuresTooMany: `List at most ${PLAN_LIMITS.featuresMax} benefits`,
  featureInvalid: `Each benefit needs 1 to ${PLAN_LIMITS.featureMax} characters`,
  premiumArticlesInvalid: `Enter a number of premium articles from 1 to ${PLAN_LIMITS.premiumArticlesMax}, or include them all`,
  tooManyPlans: `A site can hold at most ${PLAN_LIMITS.plansMax} plans. Archive is not delete: edit an archived plan instead.`,
  orderInvalid: 'List every plan exactly once to reorder them',
  planNotFound: 'Plan not found',
  lastListedPlan: 'Keep at least one plan listed, or readers have nothing to buy.',
  created: 'Plan created',
  saved: 'Plan saved',
  archived: 'Plan archived',
  reordered: 'Order saved',
} as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const minorUnitDigits = (currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  } catch {
    return -1;
  }
};

/** A currency whose prices have two decimals (usd, eur, gbp…): the only kind plans are priced in. */
export const CurrencySchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, PLAN_MESSAGES.currencyInvalid)
  .refine((code) => minorUnitDigits(code) === 2, PLAN_MESSAGES.currencyInvalid);

/** What the admin sets (`POST /api/admin/plans`; `PATCH /api/admin/plans/:id` takes any part of it). */
export const PlanInputSchema = z.object({
  name: requiredText(PLAN_MESSAGES.nameRequired, PLAN_LIMITS.nameMax),
  price: z
    .number({ error: PLAN_MESSAGES.priceInvalid })
    .positive(PLAN_MESSAGES.priceInvalid)
    .max(PLAN_LIMITS.priceMax, PLAN_MESSAGES.priceInvalid)
    .refine(twoDecimals, PLAN_MESSAGES.priceInvalid),
  /** Omitted or null: the site's CURRENCY. */
  currency: CurrencySchema.nullable().optional(),
  durationMinutes: z
    .number({ error: PLAN_MESSAGES.durationInvalid })
    .int(PLAN_MESSAGES.durationInvalid)
    .min(1, PLAN_MESSAGES.durationInvalid)
    .max(PLAN_LIMITS.durationMaxMinutes, PLAN_MESSAGES.durationInvalid),
  features: z
    .array(
      text(PLAN_MESSAGES.featureInvalid)
        .trim()
        .min(1, PLAN_MESSAGES.featureInvalid)
        .max(PLAN_LIMITS.featureMax, PLAN_MESSAGES.featureInvalid),
      { error: PLAN_MESSAGES.featuresRequired },
    )
    .min(PLAN_LIMITS.featuresMin, PLAN_MESSAGES.featuresRequired)
    .max(PLAN_LIMITS.featuresMax, PLAN_MESSAGES.featuresTooMany),
  /** Null: every premium article. */
  premiumArticles: z
    .number({ error: PLAN_MESSAGES.premiumArticlesInvalid })
    .int(PLAN_MESSAGES.premiumArticlesInvalid)
    .min(1, PLAN_MESSAGES.premiumArticlesInvalid)
    .max(PLAN_LIMITS.premiumArticlesMax, PLAN_MESSAGES.premiumArticlesInvalid)
    .nullable(),
  visibility: z.enum(PLAN_VISIBILITIES),
});
export type PlanInput = z.input<typeof PlanInputSchema>;
export const PlanPatchSchema = PlanInputSchema.partial();
export type PlanPatch = z.input<typeof PlanPatchSchema>;

/** `PUT /api/admin/plans/order`: every plan's id, in the new order. */
export const PlanOrderInputSchema = z.object({ ids: z.array(PlanIdSchema).min(1).max(PLAN_LIMITS.plansMax) });

/** What a payment keeps of the plan it bought, so that a later edit never changes what an earlier buyer holds. */
export const PlanSnapshotSchema = z.object({
  name: z.string(),
  /** In the currency's smallest unit. */
  amount: z.number().int(),
  currency: z.string(),
  durationMinutes: z.number().int(),
  features: z.array(z.string()),
  premiumArticles: z.number().int().nullable(),
});
export type PlanSnapshot = z.infer<typeof PlanSnapshotSchema>;

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
    position: 1,
    visibility: 'listed',
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
    position: 2,
    visibility: 'listed',
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
    position: 3,
    visibility: 'listed',
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

export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** The plan's note, derived so it can never disagree with price and duration (docs/product.md#plan-notes-derived-from-price). */
export function planNote(plan: Pick<Plan, 'price' | 'currency' | 'label'>): string {
  return `${formatPrice(plan.price, plan.currency)} for ${plan.label.toLowerCase()}`;
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

/** The reader's current access as /profile shows it: `GET /api/users/access`. */
export const PremiumAccessSchema = z.object({
  /** The end of access from any source (the role answer's premiumTaken); null when never had. */
  until: z.string().nullable(),
  /** True while `until` is later than now. */
  active: z.boolean(),
  /** Where the current (or last) access came from. */
  source: z.enum(['pass', 'complimentary']).nullable(),
  /** The plan the current (or last) pass bought, as it was bought; null for complimentary access. */
  plan: z.object({ id: z.string(), name: z.string(), features: z.array(z.string()) }).nullable(),
  /** Null: every premium article; otherwise how many this access includes and how many are opened. */
  premiumArticles: z.object({ included: z.number().int(), opened: z.number().int() }).nullable(),
});
export type PremiumAccess = z.infer<typeof PremiumAccessSchema>;

export const PLAN_TEXT = {
  pageTitle: 'Plans',
  intro: 'What readers can buy. Prices and durations apply to new purchases; earlier buyers keep what they bought.',
  newPlan: 'New plan',
  edit: 'Edit',
  archive: 'Archive',
  restore: 'List again',
  moveUp: 'Move up',
  moveDown: 'Move down',
  columns: {
    name: 'Plan',
    price: 'Price',
    duration: 'Duration',
    articles: 'Premium articles',
    visibility: 'Shown',
    purchases: 'Purchases',
    holders: 'Readers with access',
  },
  visibility: { listed: 'Listed', unlisted: 'By link only', archived: 'Archived' },
  allArticles: 'All',
  fields: {
    name: 'Name',
    price: 'Price',
    currency: 'Currency',
    duration: 'Duration',
    durationUnit: 'Unit',
    features: 'Benefits, one per line',
    premiumArticles: 'Premium articles included',
    premiumArticlesAll: 'All premium articles',
    premiumArticlesCount: 'A number of premium articles',
    premiumArticlesNumber: 'Number of premium articles',
    visibility: 'Who can buy it',
  },
  units: { minutes: 'Minutes', hours: 'Hours', days: 'Days' },
  archiveTitle: 'Archive this plan?',
  archiveBody: (name: string) =>
    `${name} will no longer be sold. Readers who bought it keep their access until it ends.`,
  save: 'Save plan',
  create: 'Create plan',
  cancel: 'Cancel',
  empty: 'No plans yet.',
  planLink: 'Link to buy',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  editTitle: (name: string) => `Edit ${name}`,
  actions: 'Actions',
  /** The home page's and /subscription's word when nothing is listed. */
  unavailableHeading: 'Plan no longer offered',
  noneOnSale: 'No plans are on sale right now. Please come back soon.',
  purchasesPerPlan: 'Purchases per plan',
  revenue: 'Revenue',
  noPurchases: 'No purchases in this period.',
  articlesIncluded: (count: number) => `${count} premium ${count === 1 ? 'article' : 'articles'}`,
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
  allArticles: 'Every premium article',
  /** The admin's users table, under the plan. */
  noPlan: 'No plan',
  accessUntil: (date: string) => `Until ${date}`,
  accessEnded: (date: string) => `Ended ${date}`,
} as const;
