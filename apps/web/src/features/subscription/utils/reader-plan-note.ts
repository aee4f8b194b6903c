import { freeDaysFor, planNote, type Plan } from '@dispatch/shared';

/**
 * A plan's note as this reader would be charged: a renewing plan's free days only for a reader who never had a
 * renewing subscription (`freeDaysFor`), as checkout decides. Anonymous visitors have not: they see the plan's.
 */
export function readerPlanNote(plan: Plan, freeDaysUsed: boolean): string {
  return planNote({ ...plan, freeDays: freeDaysFor(plan, { subscribedBefore: freeDaysUsed }) });
}
