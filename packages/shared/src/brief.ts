import { z } from 'zod';
import { text } from './fields.js';

/*
 * The daily brief (docs/product.md#the-daily-brief): an e-mail of the articles approved since a reader's last
 * brief that match what they follow, at the hour they chose in their own time zone. This module is what web and
 * server agree on: the subscription's shape, the editor's answers, the limits and the texts.
 */

export const BRIEF_LIMITS = {
  /** Tags and publishers a subscription may follow. */
  followsMax: 20,
  /** Articles in one brief, newest first; the rest are linked as "and N more". */
  articlesMax: 12,
  /** The most-read articles in the highlights section. */
  highlightsMax: 5,
  /** However long since a reader's last brief, it looks back at most this many days. */
  windowDaysMax: 7,
  /** Hourly view counts are kept this long. */
  hourlyViewsRetentionDays: 90,
  /** Subscribe requests per address per hour (a visitor's form). */
  subscribesPerHour: 5,
  /** Past briefs listed at /briefs, a page. */
  archivePageSize: 20,
} as const;

/** A benefit line that names a capability the brief delivers (docs/decisions/042-plans-are-rows-and-premium-one-rule.md). */
export const BRIEF_BENEFITS = {
  brief: 'Daily news brief by e-mail',
  highlights: 'Daily highlights',
} as const;

export const BRIEF_STATUSES = ['pending', 'active', 'unsubscribed', 'suppressed'] as const;
export type BriefStatus = (typeof BRIEF_STATUSES)[number];

/** An IANA time zone the runtime knows ("Europe/Warsaw"). */
export const TimeZoneSchema = text()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone');

export const BRIEF_MESSAGES = {
  emailRequired: 'Enter the e-mail address the brief should go to',
  emailInvalid: 'Enter a valid e-mail address',
  hourInvalid: 'Choose an hour from 0 to 23',
  followsTooMany: `Follow at most ${BRIEF_LIMITS.followsMax} tags and publishers`,
  unknownPublisher: 'One of the publishers no longer exists',
  confirmSent: (email: string) => `Check ${email}: we sent a link to confirm your subscription to the daily brief.`,
  confirmed: 'You are subscribed to the daily brief.',
  linkInvalid: 'This link is not valid or has expired. Subscribe again to get a new one.',
  unsubscribed: 'You will no longer get the daily brief. Account e-mails are not affected.',
  saved: 'Brief settings saved',
  suppressed: 'Mail to this address was refused by its server, so the brief is paused. Subscribe again to resume.',
  notSubscribed: 'You are not subscribed to the daily brief.',
  tooManyRequests: 'Too many requests for this address. Try again in an hour.',
  mailOff: 'This site does not send e-mail at the moment, so the daily brief is not available.',
  testSent: (email: string) => `A test brief was sent to ${email}.`,
  specialQueued: (count: number) =>
    `The special edition is on its way to ${count.toLocaleString('en-US')} subscribers.`,
  notApproved: 'Only an approved article can go out as a special edition.',
} as const;

/** What a reader sets: the hour in their own time zone, and optionally what the brief follows. */
export const BriefSettingsSchema = z.object({
  hour: z
    .number({ error: BRIEF_MESSAGES.hourInvalid })
    .int(BRIEF_MESSAGES.hourInvalid)
    .min(0, BRIEF_MESSAGES.hourInvalid)
    .max(23, BRIEF_MESSAGES.hourInvalid),
  timeZone: TimeZoneSchema,
  /** Empty: every tag. */
  tags: z.array(text().max(40)).max(BRIEF_LIMITS.followsMax, BRIEF_MESSAGES.followsTooMany).default([]),
  /** Publisher ids; empty: every publisher. */
  publishers: z.array(text().max(60)).max(BRIEF_LIMITS.followsMax, BRIEF_MESSAGES.followsTooMany).default([]),
});
export type BriefSettings = z.infer<typeof BriefSettingsSchema>;

/**
 * `POST /api/brief/subscribe`: a visitor gives an e-mail (a confirmation link is sent, no account is made); a
 * signed-in reader's own address is used and `email` is ignored (confirmed at once when the address is verified).
 */
export const BriefSubscribeInputSchema = BriefSettingsSchema.extend({
  email: text(BRIEF_MESSAGES.emailRequired)
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email(BRIEF_MESSAGES.emailInvalid))
    .optional(),
});
export type BriefSubscribeInput = z.input<typeof BriefSubscribeInputSchema>;

export const BriefSubscribeResultSchema = z.object({
  status: z.enum(['pending', 'active']),
  /** Where the confirmation link went (pending), or the address subscribed (active). */
  email: z.string(),
});

/** `POST /api/brief/confirm` and `POST /api/brief/unsubscribe`: the signed token of a link in an e-mail. */
export const BriefTokenInputSchema = z.object({ token: text().min(1).max(2000) });

/** `GET /api/brief/me`: the signed-in reader's subscription, or null. */
export const BriefSubscriptionSchema = BriefSettingsSchema.extend({
  email: z.string(),
  status: z.enum(BRIEF_STATUSES),
  /** Whether the reader's plan adds the highlights section. */
  highlights: z.boolean(),
  lastBriefAt: z.string().nullable(),
  /** Why mail stopped, when the receiving server refused it permanently. */
  suppressedReason: z.string().nullable(),
});
export type BriefSubscription = z.infer<typeof BriefSubscriptionSchema>;
export const BriefMeSchema = z.object({ subscription: BriefSubscriptionSchema.nullable() });

/** One article in a brief, as the e-mail and the archive show it: never more than its excerpt. */
export const BriefArticleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  publisher: z.string(),
  excerpt: z.string(),
  isPremium: z.boolean(),
  url: z.string(),
});
export type BriefArticle = z.infer<typeof BriefArticleSchema>;

/** A brief as one reader would get it (the editor's preview; the archive's past editions, free articles only). */
export const BriefPreviewSchema = z.object({
  subject: z.string(),
  articles: z.array(BriefArticleSchema),
  highlights: z.array(BriefArticleSchema),
  /** The e-mail's HTML and plain-text parts exactly as they would be sent. */
  html: z.string(),
  text: z.string(),
});
export type BriefPreview = z.infer<typeof BriefPreviewSchema>;

/** One send (a day's briefs, or a special edition) and how it went: `GET /api/admin/brief/sends`. */
export const BriefSendSchema = z.object({
  _id: z.string(),
  kind: z.enum(['daily', 'special']),
  /** The day's date (YYYY-MM-DD, UTC) for daily sends; the special edition's article title. */
  label: z.string(),
  createdAt: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
});
export type BriefSend = z.infer<typeof BriefSendSchema>;
export const BriefSendListSchema = z.object({
  sends: z.array(BriefSendSchema),
  subscribers: z.object({ active: z.number().int(), pending: z.number().int(), suppressed: z.number().int() }),
});

/** `POST /api/admin/brief/special`: one approved article now, to every active subscriber or one audience. */
export const BriefSpecialInputSchema = z.object({
  articleId: text().min(1).max(60),
  audience: z.enum(['all', 'premium', 'free']),
});

/** `GET /api/admin/brief/preview?email=`: today's brief as that subscriber would get it. */
export const BriefPreviewQuerySchema = z.object({ email: text().trim().toLowerCase().max(254).optional() });

/** `GET /api/briefs`: past daily briefs anyone may read (free articles; premium ones as teasers). */
export const BriefArchiveEntrySchema = z.object({
  _id: z.string(),
  date: z.string(),
  subject: z.string(),
  articles: z.array(BriefArticleSchema),
});
export const BriefArchiveSchema = z.object({ briefs: z.array(BriefArchiveEntrySchema), total: z.number().int() });
export type BriefArchive = z.infer<typeof BriefArchiveSchema>;
/** `GET /api/briefs`: a page of the archive. */
export const BriefArchiveQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const BRIEF_TEXT = {
  heading: 'The daily brief',
  pitch: 'The day’s new stories in one e-mail, at the hour you choose.',
  email: 'E-mail',
  hour: 'Send it at',
  timeZone: 'Time zone',
  tags: 'Tags to follow',
  publishers: 'Publishers to follow',
  everything: 'Everything',
  subscribe: 'Get the daily brief',
  save: 'Save brief settings',
  unsubscribe: 'Stop the daily brief',
  statuses: {
    pending: 'Waiting for your confirmation',
    active: 'Subscribed',
    unsubscribed: 'Not subscribed',
    suppressed: 'Paused: mail refused',
  },
  premiumMark: 'Premium',
  readMore: 'Read the article',
  highlights: 'Most read in the last 24 hours',
  footer: (site: string, contact: string) =>
    `You get this because you subscribed to ${site}’s daily brief. Write to us: ${contact}.`,
  unsubscribeLink: 'Unsubscribe from the daily brief',
  confirmSubject: (site: string) => `Confirm your subscription to ${site}’s daily brief`,
  archive: 'Past briefs',
  newsletter: 'Newsletter',
  preview: 'Preview today’s brief',
  previewFor: 'As this subscriber would get it',
  testSend: 'Send a test to me',
  special: 'Send a special edition',
  audience: { all: 'Every subscriber', premium: 'Subscribers with premium', free: 'Subscribers without premium' },
  sendsTitle: 'Sends',
  columns: {
    date: 'Date',
    kind: 'Edition',
    recipients: 'Recipients',
    sent: 'Sent',
    failed: 'Failed',
    bounced: 'Bounced',
    unsubscribed: 'Unsubscribed',
  },
  noNews: 'No new articles since the last brief: no e-mail goes out today.',
} as const;

/**
 * The web's words around the brief that the home page's first load does not need (its sign-up box, the pages
 * from the e-mails' links, the profile's section, the archive and the editor's newsletter page).
 */
export const BRIEF_PAGE_TEXT = {
  managed: 'Subscribed — manage on your profile',
  hourOption: (hour: number) => `${hour}:00`,
  confirmHeading: 'Your daily brief',
  confirming: 'Confirming your subscription…',
  backHome: 'Back to the front page',
  unsubscribeHeading: 'Stop the daily brief',
  unsubscribeConfirm: 'Press the button to stop getting the daily brief at this address.',
  linkMissing: 'This link is incomplete. Open it again from the e-mail.',
  archiveIntro: 'Every daily brief that went out, newest first.',
  noBriefs: 'No brief has gone out yet.',
  status: 'Status',
  lastBrief: 'Last brief',
  suppressedReason: 'What the receiving server said',
  highlightsIncluded: 'Your plan adds the most-read articles of the day to your brief.',
  highlightsNotIncluded: 'Premium plans add the most-read articles of the day to the brief.',
  stopTitle: 'Stop the daily brief?',
  stopBody: 'You will no longer get the daily brief. You can subscribe again at any time.',
  stopped: 'The daily brief is stopped.',
  subscribed: 'You are subscribed to the daily brief.',
  subscribers: { active: 'Active subscribers', pending: 'Awaiting confirmation', suppressed: 'Paused (mail refused)' },
  previewEmail: 'Subscriber e-mail (optional)',
  previewFrame: 'The brief as it would be sent',
  subject: 'Subject',
  specialArticle: 'Approved article',
  specialSearch: 'Search approved articles',
  specialChoose: 'Choose an article',
  specialAudience: 'Send to',
  specialConfirm: (title: string) => `“${title}” goes out now as a special edition. This cannot be undone.`,
  specialSend: 'Send the special edition',
  noSends: 'No brief has been sent yet.',
  kinds: { daily: 'Daily', special: 'Special edition' },
} as const;
