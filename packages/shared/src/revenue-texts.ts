// Apart from the schemas in revenue.ts: a page that only shows these words loads no zod for them.
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
    /** A teaser the meter could open, on the reader's request (a page opened from another site, a refused gift link). */
    readWithFreeRead: (left: number) =>
      left === 1 ? 'Read it with your last free read' : `Read it with one of your ${left} free reads`,
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
