import { PLAN_MESSAGES, PlanInputSchema, type Plan, type PlanInput, type PlanVisibility } from '@dispatch/shared';
import { z } from 'zod';

export const DURATION_UNITS = ['minutes', 'hours', 'days'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
const MINUTES_PER: Record<DurationUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

/** What the plan form holds: as typed, before it is the API's PlanInput. */
export interface PlanFormValues {
  name: string;
  price: string;
  currency: string;
  durationAmount: string;
  durationUnit: DurationUnit;
  /** One benefit a line. */
  features: string;
  articlesMode: 'all' | 'count';
  articlesCount: string;
  /** Accounts the pass covers, the buyer's included. */
  familySeats: string;
  visibility: PlanVisibility;
}

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The form's values as the API takes them: minutes from number and unit, a benefit a line, null for every article. */
export function toPlanInput(values: PlanFormValues): PlanInput {
  return {
    name: values.name,
    price: toNumber(values.price),
    currency: values.currency.trim() || null,
    durationMinutes: toNumber(values.durationAmount) * MINUTES_PER[values.durationUnit],
    features: values.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    premiumArticles: values.articlesMode === 'all' ? null : toNumber(values.articlesCount),
    familySeats: toNumber(values.familySeats),
    visibility: values.visibility,
  };
}

/**
 * Checked with the server's own schema, so a message under a field is the one the server would give; and, as the
 * server does, a plan for several accounts includes every premium article (docs/product.md#families).
 */
export const PlanFormSchema = z
  .object({
    name: z.string(),
    price: z.string(),
    currency: z.string(),
    durationAmount: z.string(),
    durationUnit: z.enum(DURATION_UNITS),
    features: z.string(),
    articlesMode: z.enum(['all', 'count']),
    articlesCount: z.string(),
    familySeats: z.string(),
    visibility: z.enum(['listed', 'unlisted', 'archived']),
  })
  .transform(toPlanInput)
  .pipe(PlanInputSchema)
  .refine((input) => (input.familySeats ?? 1) === 1 || input.premiumArticles === null, {
    message: PLAN_MESSAGES.familyNeedsFullAccess,
    path: ['familySeats'],
  });

/** A new plan's form: the site's currency, a month of every premium article for one account, listed. */
export function emptyPlanForm(currency: string): PlanFormValues {
  return {
    name: '',
    price: '',
    currency,
    durationAmount: '30',
    durationUnit: 'days',
    features: '',
    articlesMode: 'all',
    articlesCount: '',
    familySeats: '1',
    visibility: 'listed',
  };
}

/** A plan's form: its duration in the largest unit that divides it (as its label says it). */
export function planForm(plan: Plan): PlanFormValues {
  const unit =
    [...DURATION_UNITS].reverse().find((candidate) => plan.value % MINUTES_PER[candidate] === 0) ?? 'minutes';
  return {
    name: plan.name,
    price: String(plan.price),
    currency: plan.currency,
    durationAmount: String(plan.value / MINUTES_PER[unit]),
    durationUnit: unit,
    features: plan.features.join('\n'),
    articlesMode: plan.premiumArticles === null ? 'all' : 'count',
    articlesCount: plan.premiumArticles === null ? '' : String(plan.premiumArticles),
    familySeats: String(plan.familySeats),
    visibility: plan.visibility,
  };
}

/** The API's field names (a 400's fieldErrors, the schema's issues) under the form field that shows them. */
export const FIELD_FOR = {
  name: 'name',
  price: 'price',
  currency: 'currency',
  durationMinutes: 'durationAmount',
  features: 'features',
  premiumArticles: 'articlesCount',
  familySeats: 'familySeats',
  visibility: 'visibility',
} as const satisfies Record<string, keyof PlanFormValues>;
