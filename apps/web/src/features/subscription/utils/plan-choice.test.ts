import { SEED_PLANS, STORAGE_KEYS, toPlanChoice } from '@dispatch/shared';
import { describe, expect, it } from 'vitest';
import { readStoredPlanId, storePlanChoice } from './plan-choice';

const store = (value: string) => window.localStorage.setItem(STORAGE_KEYS.subscriptionPlan, value);

describe('the stored plan choice (docs/product.md#rules)', () => {
  it('stores id, label, value and price, and reads the id back', () => {
    const plan = SEED_PLANS[2]!;
    storePlanChoice(plan);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.subscriptionPlan)!)).toEqual(toPlanChoice(plan));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.subscriptionPlan)!)).toEqual({
      id: 'family',
      label: '10 Days',
      value: 14400,
      price: 500,
    });
    expect(readStoredPlanId()).toBe('family');
  });

  it('trusts only the id: an edited price or duration is not read', () => {
    store(JSON.stringify({ id: 'individual', label: '99 Years', value: 99, price: 0.01 }));
    expect(readStoredPlanId()).toBe('individual');
  });

  it('reads nothing from a missing or broken choice', () => {
    expect(readStoredPlanId()).toBeUndefined();
    for (const value of ['{"label":"1 Minute","value":1,"price":10}', '{"id":""}', 'not json', '42']) {
      store(value);
      expect(readStoredPlanId()).toBeUndefined();
    }
  });
});
