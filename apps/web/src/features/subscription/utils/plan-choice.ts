import { STORAGE_KEYS, toPlanChoice, type Plan } from '@dispatch/shared';

/**
 * The id of the plan the reader chose, from `subscriptionPlan` in local storage. Only the id is trusted: the
 * plan itself (price, duration) is asked of the server, so an edited price or duration in storage changes nothing.
 */
export function readStoredPlanId(): string | undefined {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.subscriptionPlan) ?? 'null');
    if (typeof stored !== 'object' || stored === null || !('id' in stored) || typeof stored.id !== 'string') {
      return undefined;
    }
    return stored.id || undefined;
  } catch {
    // Unreadable JSON or storage that is switched off: as if nothing was chosen.
    return undefined;
  }
}

/** Keeps the choice as the home page's plan cards and /subscription both store it (docs/product.md#rules). */
export function storePlanChoice(plan: Plan): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.subscriptionPlan, JSON.stringify(toPlanChoice(plan)));
  } catch {
    // Storage can be unavailable (private mode): /payment then offers the default plan.
  }
}
