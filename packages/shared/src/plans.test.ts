import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_ID, PLANS, findPlan, planNote, toPlanChoice } from './plans.js';

describe('plans', () => {
  it('are the three plans of docs/product.md with prices and minutes', () => {
    expect(PLANS.map((plan) => [plan.id, plan.price, plan.label, plan.value])).toEqual([
      ['trial', 10, '1 Minute', 1],
      ['individual', 300, '5 Days', 7200],
      ['family', 500, '10 Days', 14400],
    ]);
    expect(findPlan(DEFAULT_PLAN_ID)?.value).toBe(1);
    expect(findPlan('gold')).toBeUndefined();
  });

  it('derive their note from price and duration, so it cannot disagree', () => {
    expect(planNote(findPlan('individual')!, 'usd')).toBe('$300.00 for 5 days');
    expect(planNote(findPlan('trial')!, 'eur')).toBe('€10.00 for 1 minute');
  });

  it('store the choice as id, label, value and price', () => {
    expect(toPlanChoice(findPlan('family')!)).toEqual({ id: 'family', label: '10 Days', value: 14400, price: 500 });
  });
});
