import { z } from 'zod';
import { requiredText, text } from './fields.js';
import { PLAN_VISIBILITIES, RENEWAL_INTERVALS, type Plan, type RenewalInterval } from './plan-display.js';
export { PLAN_TEXT } from './plan-texts.js';

export {
  ACCESS_TEXT,
  DEFAULT_PLAN_ID,
  defaultPlan,
  durationLabel,
  findPlan,
  formatPrice,
  freeDaysFor,
  PLAN_SALE_TEXT,
  PLAN_VISIBILITIES,
  planNote,
  RENEWAL_INTERVALS,
  SEED_PLANS,
  toMajorUnits,
  toMinorUnits,
  toPlanChoice,
  type Plan,
  type PlanChoice,
  type PlanVisibility,
  type RenewalInterval,
} from './plan-display.js';

/*
 * Plans are rows the publisher edits at /dashboard/plans (docs/product.md#plans). This module holds what web and
 * server agree on: the shape of a plan, the admin's input and its limits, and (re-exported from plan-display.ts, which
 * needs no zod) the texts and SPEC's three plans, which are what a new site starts with (migration 0022 inserts the
 * same rows; a server test holds them equal).
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
  /** Accounts one pass may cover, the buyer's included. */
  familySeatsMax: 10,
  /** How many plans a site may hold, archived ones included. */
  plansMax: 50,
  /** A renewing plan's days before its first charge. */
  freeDaysMax: 90,
} as const;

/** The minutes a renewing plan's `value` holds: its first period, roughly; the charges follow the calendar. */
export const RENEWAL_MINUTES: Record<RenewalInterval, number> = { month: 30 * 24 * 60, year: 365 * 24 * 60 };

/** "1 Month", "1 Year": a renewing plan's duration text. */
export const renewalLabel = (interval: RenewalInterval) => (interval === 'month' ? '1 Month' : '1 Year');

/**
 * The end of a period that starts at `start`: the same day and time one calendar month or year later, or the
 * month's last day when it has no such day (January 31 + 1 month = February 28 or 29), as Stripe Billing counts.
 */
export function addInterval(start: Date, interval: RenewalInterval, count = 1): Date {
  const months = interval === 'month' ? count : 12 * count;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** A plan's id: SPEC's three are 'trial', 'individual' and 'family'; new ones get a slug of their name. */
export const PlanIdSchema = text()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Choose one of the plans.');
export type PlanId = string;

/** The shape of a plan is `Plan` (plan-display.ts, without zod); this schema must give exactly that. */
export const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  label: z.string(),
  value: z.number().int(),
  features: z.array(z.string()),
  premiumArticles: z.number().int().nullable(),
  familySeats: z.number().int(),
  position: z.number().int(),
  visibility: z.enum(PLAN_VISIBILITIES),
  renewsEvery: z.enum(RENEWAL_INTERVALS).nullable(),
  freeDays: z.number().int(),
}) satisfies z.ZodType<Plan>;

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
  currencyInvalid: 'Use an ISO 4217 currency code with two decimal places, such as usd or eur',
  durationInvalid: 'Enter a duration of at least one minute and at most five years',
  featuresRequired: 'List at least one benefit',
  featuresTooMany: `List at most ${PLAN_LIMITS.featuresMax} benefits`,
  featureInvalid: `Each benefit needs 1 to ${PLAN_LIMITS.featureMax} characters`,
  premiumArticlesInvalid: `Enter a number of premium articles from 1 to ${PLAN_LIMITS.premiumArticlesMax}, or include them all`,
  tooManyPlans: `A site can hold at most ${PLAN_LIMITS.plansMax} plans. Archive is not delete: edit an archived plan instead.`,
  orderInvalid: 'List every plan exactly once to reorder them',
  planNotFound: 'Plan not found',
  lastListedPlan: 'Keep at least one plan listed, or readers have nothing to buy.',
  familySeatsInvalid: `Enter a number of accounts from 1 to ${PLAN_LIMITS.familySeatsMax}`,
  familyNeedsFullAccess:
    'A plan for several accounts includes every premium article: its members share the access in full.',
  renewingNeedsFullAccess: 'A renewing plan includes every premium article: count articles on a pass instead.',
  freeDaysInvalid: `Enter from 0 to ${PLAN_LIMITS.freeDaysMax} free days`,
  freeDaysNeedRenewal: 'Free days come before the first charge of a renewing plan: choose how often it renews.',
  renewsEveryInvalid: 'Choose a month, a year, or no renewal',
  created: 'Plan created',
  saved: 'Plan saved',
  archived: 'Plan archived',
  reordered: 'Order saved',
} as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

let iso4217: ReadonlySet<string> | undefined;

/**
 * ISO 4217 codes no reader can pay a publication in, which a runtime's ICU may still list: units of account (XDR,
 * XSU, XUA, the European XB_), metals (XAU, XAG, XPT, XPD), testing and no currency (XTS, XXX), funds beside a
 * country's currency (BOV, CHE, CHW, CLF, COU, MXV, USN, USS, UYI, UYW), and currencies withdrawn from circulation
 * (CUC 2021, HRK 2023, ZWL 2024, ANG 2025, BGN 2026; SLL, VEF and older ones).
 */
const NOT_LEGAL_TENDER: ReadonlySet<string> = new Set(
  [
    'XDR XSU XUA XBA XBB XBC XBD XAU XAG XPT XPD XTS XXX',
    'BOV CHE CHW CLF COU MXV USN USS UYI UYW',
    'CUC HRK ZWL ANG BGN SLL VEF BYR MRO STD LTL LVL EEK',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Whether a code is an ISO 4217 currency in circulation whose prices have two decimals (usd, eur, gbp…): the only
 * kind plans are priced in, as a plan's currency and as the site's CURRENCY. `Intl` alone cannot tell: it formats
 * any three letters (`xxx`, `abc`) with two decimals, so the code must also be one of the currencies it knows
 * (`Intl.supportedValuesOf('currency')`, ISO 4217's list as the runtime's ICU has it) and not one of those
 * `NOT_LEGAL_TENDER` names.
 */
export function isPlanCurrency(code: string): boolean {
  if (!/^[a-z]{3}$/i.test(code)) return false;
  iso4217 ??= new Set(Intl.supportedValuesOf('currency'));
  const upper = code.toUpperCase();
  return (
    iso4217.has(upper) &&
    !NOT_LEGAL_TENDER.has(upper) &&
    new Intl.NumberFormat('en', { style: 'currency', currency: upper }).resolvedOptions().maximumFractionDigits === 2
  );
}

/** A plan's currency, lower case (`isPlanCurrency`). */
export const CurrencySchema = text().trim().toLowerCase().refine(isPlanCurrency, PLAN_MESSAGES.currencyInvalid);

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
  /** Accounts covered, the buyer's included; 1 when not given. */
  familySeats: z
    .number({ error: PLAN_MESSAGES.familySeatsInvalid })
    .int(PLAN_MESSAGES.familySeatsInvalid)
    .min(1, PLAN_MESSAGES.familySeatsInvalid)
    .max(PLAN_LIMITS.familySeatsMax, PLAN_MESSAGES.familySeatsInvalid)
    .optional(),
  visibility: z.enum(PLAN_VISIBILITIES),
  /** Omitted or null: a pass. A renewing plan's duration is its interval's, whatever `durationMinutes` says. */
  renewsEvery: z.enum(RENEWAL_INTERVALS, { error: PLAN_MESSAGES.renewsEveryInvalid }).nullable().optional(),
  /** A renewing plan's days before the first charge; 0 when not given. */
  freeDays: z
    .number({ error: PLAN_MESSAGES.freeDaysInvalid })
    .int(PLAN_MESSAGES.freeDaysInvalid)
    .min(0, PLAN_MESSAGES.freeDaysInvalid)
    .max(PLAN_LIMITS.freeDaysMax, PLAN_MESSAGES.freeDaysInvalid)
    .optional(),
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
  /** Absent in payments made before families existed: 1. */
  familySeats: z.number().int().optional(),
  /** A renewing plan's interval and free days; absent for a pass. */
  renewsEvery: z.enum(RENEWAL_INTERVALS).optional(),
  freeDays: z.number().int().optional(),
});
export type PlanSnapshot = z.infer<typeof PlanSnapshotSchema>;

/** The reader's current access as /profile shows it: `GET /api/users/access`. */
export const PremiumAccessSchema = z.object({
  /** The end of access from any source (the role answer's premiumTaken); null when never had. */
  until: z.string().nullable(),
  /** True while `until` is later than now. */
  active: z.boolean(),
  /** Where the current (or last) access came from. */
  /** 'family': the owner's access, shared with the reader's seat (docs/product.md#families). */
  source: z.enum(['pass', 'complimentary', 'family']).nullable(),
  /** The plan the current (or last) pass bought, as it was bought; null for complimentary access. */
  plan: z.object({ id: z.string(), name: z.string(), features: z.array(z.string()) }).nullable(),
  /** Null: every premium article; otherwise how many this access includes and how many are opened. */
  premiumArticles: z.object({ included: z.number().int(), opened: z.number().int() }).nullable(),
});
export type PremiumAccess = z.infer<typeof PremiumAccessSchema>;
