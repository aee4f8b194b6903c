import { inject } from 'vitest';
import type { Stack } from './server.js';

/** This worker's site (`VITEST_POOL_ID` runs from 1 to the run's number of workers). */
export function stack(): Stack {
  const stacks = inject('stacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return stacks[(worker - 1) % stacks.length]!;
}
