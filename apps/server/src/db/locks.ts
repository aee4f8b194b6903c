/**
 * PostgreSQL advisory lock ids: any fixed numbers, the same in every instance, one per job that
 * instances must not run at the same time.
 */
export const LOCKS = {
  migration: 7_531_902,
  seed: 7_531_903,
  sweep: 7_531_904,
} as const;
