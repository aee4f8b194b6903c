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
});
export type Funnel = z.infer<typeof FunnelSchema>;

export const FunnelQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});

/**
 * What readers see of metered reads and gift links, apart from TEXT: only the pages that show them load it
 * (the home page's first-load budget, docs/decisions/011-page-weight-and-audits.md).
 */
export const REVENUE_TEXT = {
  detail: {
    /** A premium article the meter opened (docs/product.md#reader-revenue). */
    meterCount: (used: number, allowed: number) => `${used} of ${allowed} free premium articles this month`,
    meterSpent: (allowed: number) =>
      `You have read your ${allowed} free premium ${allowed === 1 ? 'article' : 'articles'} this month.`,
    giftOpened: (until: string) => `A subscriber shared this article with you. The link opens it until ${until}.`,
    giftRefused: {
      expired: 'This gift link has expired.',
      revoked: 'This gift link was withdrawn by the subscriber who shared it.',
      unknown: 'This gift link is not valid.',
    },
  },
  gifts: {
    heading: 'Gift this article',
    intro: (days: number) => `Anyone signed in can read it in full through the link for ${days} days.`,
    create: 'Create gift link',
    created: 'Gift link created',
    copy: 'Copy gift link',
    copied: 'Gift link copied',
    copyNote: 'Copy the link now: it is shown only this once.',
    quota: (used: number, allowed: number | null) =>
      allowed === null ? `${used} made this month` : `${used} of ${allowed} gift links used this month`,
    yours: 'Your gift links for this article',
    profileHeading: 'Gift links',
    opens: (count: number) => `Opened by ${count} ${count === 1 ? 'reader' : 'readers'}`,
    expires: (date: string) => `Open until ${date}`,
    expired: 'Expired',
    revoked: 'Revoked',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke this gift link? Readers who open it will see the teaser.',
    revokedToast: 'Gift link revoked',
  },
  funnel: {
    nav: 'Paywall funnel',
    heading: 'Paywall funnel',
    intro: 'Readers at each step from the premium wall to a subscription, site-wide and per article.',
    window: 'Period',
    lastDays: (days: number) => `Last ${days} days`,
    site: 'Site-wide',
    byDay: 'Readers per day',
    topArticles: 'Articles with the most wall hits',
    article: 'Article',
    day: 'Day',
    noEvents: 'No reader has reached a premium wall in this period.',
    stages: {
      wall: 'Hit the wall',
      registered: 'Registered',
      subscribed: 'Subscribed in 7 days',
      gift: 'Opened a gift link',
      metered: 'Used a free read',
    },
  },
} as const;

/** The periods the funnel page offers. */
export const FUNNEL_WINDOWS = [7, 30, 90] as const;

/** Gift links (docs/product.md#reader-revenue). */
export const GIFT_MESSAGES = {
  onlySubscribers: 'Only premium subscribers can share gift links.',
  onlyPremiumArticles: 'Only an approved premium article can be shared with a gift link.',
  quotaReached: (allowed: number) =>
    `You have made your ${allowed} gift links for this month. You can make more next month.`,
  notFound: 'That gift link was not found.',
  alreadyRevoked: 'That gift link was already revoked.',
} as const;
