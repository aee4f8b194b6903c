import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod skip its eval probe, which the CSP would report', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
