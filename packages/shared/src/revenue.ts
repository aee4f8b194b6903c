import { z } from 'zod';

/** Reader revenue: metered reads, gift links and the paywall funnel (docs/product.md#reader-revenue). */
export const REVENUE = {
  /** FREE_PREMIUM_READS: premium articles a signed-in reader without premium may open a calendar month (0: none). */
  freePremiumReads: 0,
  /** GIFT_LINKS_PER_MONTH: links a subscriber may make a calendar month (admins: no limit). */
  giftLinksPerMonth: 5,
  giftLinkDays: 14,
  /** A subscription counts for the article whose wall the reader last hit within this many days. */
  subscribedWithinDays: 7,
  /** Funnel events older than this are deleted by the housekeeping sweep. */
  funnelRetentionDays: 400,
  /** Gift tokens: 32 random bytes, base64url. */
  giftTokenBytes: 32,
} as const;

/** The first day (UTC) of the calendar month `at` falls in, as YYYY-MM-DD: the meter's and the quota's month. */
export function monthOf(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

export const MeterSchema = z.object({ used: z.number().int(), allowed: z.number().int() });
export type Meter = z.infer<typeof MeterSchema>;

/** Why a gift link did not open the article; the page then shows the normal teaser with the reason. */
export const GIFT_REFUSALS = ['expired', 'revoked', 'unknown'] as const;
export const GiftRefusalSchema = z.enum(GIFT_REFUSALS);
export type GiftRefusal = z.infer<typeof GiftRefusalSchema>;

/** A gift token as it arrives in a URL: base64url only, so nothing else reaches the database. */
export const GiftTokenSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

export const GiftLinkSchema = z.object({
  _id: z.string(),
  articleId: z.string(),
  articleTitle: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Different readers who opened the article through it. */
  opens: z.number().int(),
});
export type GiftLink = z.infer<typeof GiftLinkSchema>;

export const GiftLinkListSchema = z.object({
  links: z.array(GiftLinkSchema),
  /** Links made this calendar month, and how many are allowed (null: no limit, an admin). */
  usedThisMonth: z.number().int(),
  allowedPerMonth: z.number().int().nullable(),
});
export type GiftLinkList = z.infer<typeof GiftLinkListSchema>;

/** The one time the token is seen: only its hash is stored. */
export const CreatedGiftLinkSchema = z.object({ link: GiftLinkSchema, token: z.string() });
export type CreatedGiftLink = z.infer<typeof CreatedGiftLinkSchema>;

export const FUNNEL_STAGES = ['wall', 'registered', 'subscribed', 'gift', 'metered'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

const FunnelCountsSchema = z.object({
  wall: z.number().int(),
  registered: z.number().int(),
  subscribed: z.number().int(),
  gift: z.number().int(),
  metered: z.number().int(),
});
export type FunnelCounts = z.infer<typeof FunnelCountsSchema>;

export const FunnelSchema = z.object({
  days: z.number().int(),
  site: FunnelCountsSchema,
  byDay: z.array(FunnelCountsSchema.extend({ day: z.string() })),
  articles: z.array(FunnelCountsSchema.extend({ _id: z.string(), title: z.string() })),
  /**
   * Renewing subscriptions in the window (docs/product.md#renewing-subscriptions): started, renewed (charges that
   * succeeded), renewals refused, and subscriptions that ended because the reader cancelled or a renewal failed.
   */
  subscriptions: z.object({
    started: z.number().int(),
    renewed: z.number().int(),
    refused: z.number().int(),
    cancelled: z.number().int(),
    lapsed: z.number().int(),
  }),
  /** Paid purchases in the window per plan, most bought first; the name as it was bought most recently. */
  plans: z.array(
    z.object({
      planId: z.string(),
      name: z.string(),
      purchases: z.number().int(),
      revenue: z.number(),
      currency: z.string(),
    }),
  ),
});
export type Funnel = z.infer<typeof FunnelSchema>;

export const FunnelQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
