import { findPlan, STORAGE_KEYS, toPlanChoice } from '@dispatch/shared';
import { describe, expect, it } from 'vitest';
import { readStoredPlan, storePlanChoice } from './plan-choice';

const store = (value: string) => window.localStorage.setItem(STORAGE_KEYS.subscriptionPlan, value);

describe('the stored plan choice (docs/product.md#rules)', () => {
  it('stores id, label, value and price, and reads the same plan back', () => {
    const plan = findPlan('family')!;
    storePlanChoice(plan);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.subscriptionPlan)!)).toEqual(toPlanChoice(plan));
    expect(readStoredPlan()).toBe(plan);
  });

  it('trusts only the id: an edited price or duration gives the plan from the table', () => {
    store(JSON.stringify({ id: 'individual', label: '99 Years', value: 99, price: 0.01 }));
    expect(readStoredPlan()).toBe(findPlan('individual'));
  });

  it('reads nothing from a missing, unknown or broken choice', () => {
    expect(readStoredPlan()).toBeUndefined();
    for (const value of [
      '{"id":"lifetime","price":1}',
      '{"label":"1 Minute","value":1,"price":10}',
      'not json',
      '42',
    ]) {
      store(value);
      expect(readStoredPlan()).toBeUndefined();
    }
  });
});
