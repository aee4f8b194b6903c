import { ABUSE_LIMITS, type AbuseLimitMaxima } from '@dispatch/shared';
import type { SharedRedis } from '../../plugins/redis.js';
import { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter.js';

/**
 * Failed logins: one account from one address (a guesser), one account from anywhere (a spread-out
 * guesser), one account on one known device (in place of "anywhere" for a device the owner signed in
 * from before), one address across accounts (a sprayer). See docs/decisions/013-known-devices-and-tunable-limits.md.
 */
export interface LoginLimits {
  accountAtAddress: AttemptLimiter;
  account: AttemptLimiter;
  device: AttemptLimiter;
  address: AttemptLimiter;
}

export function createLoginLimits(
  limits: AbuseLimitMaxima,
  redis: SharedRedis | undefined,
  now: () => number,
): LoginLimits {
  const limiter = (name: keyof AbuseLimitMaxima) =>
    createAttemptLimiter({ max: limits[name], windowMs: ABUSE_LIMITS[name].windowMs, redis, now });
  return {
    accountAtAddress: limiter('loginFailuresPerAccountAtAddress'),
    account: limiter('loginFailuresPerAccount'),
    device: limiter('loginFailuresPerDevice'),
    address: limiter('loginFailuresPerAddress'),
  };
}
