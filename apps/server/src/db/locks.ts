/**
 * PostgreSQL advisory lock ids: any fixed numbers, the same in every instance, one per job that
 * instances must not run at the same time.
 */
export const LOCKS = {
  migration: 7_531_902,
  seed: 7_531_903,
  sweep: 7_531_904,
  /** Taken by an admin deleting their account, so two admins cannot both leave at once. */
  adminDeletion: 7_531_905,
  /** Taken by every change to the plans, so their count, order and the one listed plan hold. */
  plans: 7_531_906,
  /** With the reader's id: their checkouts of renewing plans take turns, so one subscription starts. */
  subscriptionCheckout: 7_531_907,
  /** Taken by every change to the tags, so names, addresses and the arrays that hold names stay in step. */
  tags: 7_531_909,
  /** With the slug's hash: accounts made at once with one name take turns for it (trigger users_fill_slug, SQL only). */
  authorSlug: 7_531_908,
} as const;
