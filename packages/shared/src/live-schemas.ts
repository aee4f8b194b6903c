import { z } from 'zod';

/*
 * The answers a signed-in reader's page asks for on every visit once it is on screen: who they are now, an
 * article's view count, the bell's unread count. Apart from the other schemas, so that checking them builds
 * these three alone: building every schema of the site costs a phone's main thread about 200 ms.
 */

export const RoleRecordSchema = z.object({
  role: z.enum(['user', 'admin']),
  premiumTaken: z.string().nullable(),
  /**
   * Absent or null: access (while premiumTaken is later than now) opens every premium article. Otherwise the
   * current plan includes `included` premium articles and `opened` of them are open (docs/product.md#plans).
   */
  premiumArticles: z.object({ included: z.number().int(), opened: z.number().int() }).nullable().optional(),
  /** Parental controls are on (docs/product.md#parental-controls): no gift links, no leaving or closing alone. */
  youngReader: z.literal(true).optional(),
  /** A young reader's: the tags their family hides, which no list, filter or page shows them. */
  hiddenTags: z.array(z.string()).optional(),
  /** A renewal of their subscription failed: pages ask for another card (docs/product.md#renewing-subscriptions). */
  pastDue: z.literal(true).optional(),
  /**
   * Their renewing subscription, or their family owner's, holds access past premiumTaken until its renewal is
   * decided, and at the latest until this date (`renewalHeldUntil`).
   */
  renewing: z.string().optional(),
  /** They have had a renewing subscription: a renewing plan's free days are not theirs again (`freeDaysFor`). */
  freeDaysUsed: z.literal(true).optional(),
});
export type RoleRecord = z.infer<typeof RoleRecordSchema>;

export const ViewsResponseSchema = z.object({ views: z.number().int() });

export const UnreadCountSchema = z.object({ unread: z.number().int() });
