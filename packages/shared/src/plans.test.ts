import { describe, expect, it } from 'vitest';
import {
  CurrencySchema,
  defaultPlan,
  durationLabel,
  findPlan,
  PlanInputSchema,
  planNote,
  SEED_PLANS,
  toMinorUnits,
  toPlanChoice,
} from './plans.js';

const input = {
  name: 'Monthly',
  price: 9.99,
  durationMinutes: 30 * 24 * 60,
  features: ['Every premium article', 'The daily brief'],
  premiumArticles: null,
  visibility: 'listed' as const,
};

describe('plans', () => {
  it('start as the three plans of docs/product.md with prices and minutes', () => {
    expect(SEED_PLANS.map((plan) => [plan.id, plan.price, plan.label, plan.value])).toEqual([
      ['trial', 10, '1 Minute', 1],
      ['individual', 300, '5 Days', 7200],
      ['family', 500, '10 Days', 14400],
    ]);
    expect(defaultPlan(SEED_PLANS)?.value).toBe(1);
    expect(defaultPlan(SEED_PLANS.slice(1))?.id).toBe('individual');
    expect(findPlan(SEED_PLANS, 'gold')).toBeUndefined();
  });

  it('derive their duration label from minutes, as SPEC writes them', () => {
    for (const plan of SEED_PLANS) expect(durationLabel(plan.value)).toBe(plan.label);
    expect(durationLabel(30 * 24 * 60)).toBe('30 Days');
    expect(durationLabel(120)).toBe('2 Hours');
    expect(durationLabel(90)).toBe('90 Minutes');
  });

  it('derive their note from price and duration, so it cannot disagree', () => {
    expect(planNote(findPlan(SEED_PLANS, 'individual')!)).toBe('$300.00 for 5 days');
    expect(planNote({ ...findPlan(SEED_PLANS, 'trial')!, currency: 'eur' })).toBe('€10.00 for 1 minute');
  });

  it('store the choice as id, label, value and price', () => {
    expect(toPlanChoice(findPlan(SEED_PLANS, 'family')!)).toEqual({
      id: 'family',
      label: '10 Days',
      value: 14400,
      price: 500,
    });
  });

  it('take a price with at most two decimals, in a two-decimal currency', () => {
    expect(PlanInputSchema.safeParse(input).success).toBe(true);
    expect(toMinorUnits(9.99)).toBe(999);
    for (const price of [0, -1, 9.999, 100_001, Number.NaN]) {
      expect(PlanInputSchema.safeParse({ ...input, price }).success).toBe(false);
    }
    expect(CurrencySchema.parse('EUR')).toBe('eur');
    for (const currency of ['jpy', 'eu', 'xyz1', 'bhd', 'xxx', 'abc', 'xts'])
      expect(CurrencySchema.safeParse(currency).success).toBe(false);
  });

  it('price plans in legal tender only: not a fund, a unit of account, a metal or a withdrawn currency', () => {
    for (const currency of ['usd', 'eur', 'gbp', 'xcd', 'XCG', 'chf', 'zwg'])
      expect(CurrencySchema.safeParse(currency).success, currency).toBe(true);
    for (const currency of ['xdr', 'XSU', 'xua', 'xau', 'che', 'usn', 'cuc', 'hrk', 'zwl', 'ang', 'bgn'])
      expect(CurrencySchema.safeParse(currency).success, currency).toBe(false);
  });

  it('refuse a plan without benefits, with blank ones, or with a zero article allowance', () => {
    expect(PlanInputSchema.safeParse({ ...input, features: [] }).success).toBe(false);
    expect(PlanInputSchema.safeParse({ ...input, features: ['  '] }).success).toBe(false);
    expect(PlanInputSchema.safeParse({ ...input, premiumArticles: 0 }).success).toBe(false);
    expect(PlanInputSchema.safeParse({ ...input, premiumArticles: 1 }).success).toBe(true);
    expect(PlanInputSchema.safeParse({ ...input, durationMinutes: 0.5 }).success).toBe(false);
  });
});
