import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryDelay, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError({ status, code: 'X', message: 'x' });

describe('query retries (docs/product.md#texts)', () => {
  it('retries a failed query three times', () => {
    expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, apiError(503)))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 429]) expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
