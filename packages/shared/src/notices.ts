import { z } from 'zod';
import { LIMITS } from './constants.js';
import { text } from './fields.js';

/**
 * What the newsroom tells people about (docs/product.md#notifications): a writer hears about their
 * article's review, an editor about work waiting for review. Each kind is a notice in the app and, when
 * mail is configured, an e-mail the recipient can unsubscribe from on its own.
 */
export const NOTICE_KINDS = [
  'changes-requested',
  'approved',
  'declined',
  'corrected',
  'made-premium',
  'submitted',
  'resubmitted',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type NoticeAudience = 'writer' | 'editor';

interface NoticeKindText {
  audience: NoticeAudience;
  /** The line in the bell's list and the e-mail's subject; `{title}` is the article's. */
  headline: string;
  /** The preference's label on /profile. */
  preference: string;
}

export const NOTICE_TEXT: Record<NoticeKind, NoticeKindText> = {
  'changes-requested': {
    audience: 'writer',
    headline: 'The editor asked for changes to “{title}”',
    preference: 'An editor asks for changes to my article',
  },
  approved: {
    audience: 'writer',
    headline: '“{title}” was approved and is published',
    preference: 'My article is approved',
  },
  declined: {
    audience: 'writer',
    headline: '“{title}” was declined',
    preference: 'My article is declined',
  },
  corrected: {
    audience: 'writer',
    headline: 'A correction was published on “{title}”',
    preference: 'A correction is published on my article',
  },
  'made-premium': {
    audience: 'writer',
    headline: '“{title}” is now a premium article',
    preference: 'My article is made premium',
  },
  submitted: {
    audience: 'editor',
    headline: 'New submission to review: “{title}”',
    preference: 'A writer submits an article (editors)',
  },
  resubmitted: {
    audience: 'editor',
    headline: '“{title}” is back for review',
    preference: 'A writer resubmits an article (editors)',
  },
};

/** The kinds a person may hear about: everyone writes; only editors review. */
export const noticeKindsFor = (role: 'user' | 'admin'): NoticeKind[] =>
  NOTICE_KINDS.filter((kind) => role === 'admin' || NOTICE_TEXT[kind].audience === 'writer');

export const noticeHeadline = (kind: NoticeKind, title: string) => NOTICE_TEXT[kind].headline.replace('{title}', title);

export const NOTICES_TEXT = {
  bell: 'Notifications',
  unread: (count: number) => `${count} unread`,
  empty: 'Nothing new. You will hear here when an article of yours is reviewed.',
  emptyEditor: 'Nothing new. Submissions and resubmissions will show here.',
  markAllRead: 'Mark all as read',
  note: 'Note',
  loadFailed: 'Notifications could not be loaded.',
  preferences: {
    heading: 'E-mail notifications',
    intro: 'Choose what we e-mail you about. The notices in the app stay on.',
    save: 'Save preferences',
    saved: 'Preferences saved',
    mailOff: 'This site does not send e-mail at the moment; the notices in the app stay on.',
  },
  unsubscribe: {
    heading: 'Unsubscribe',
    confirm: (what: string) => `Stop e-mails when: ${what}?`,
    button: 'Unsubscribe',
    done: (what: string) =>
      `You will no longer receive e-mails when: ${what}. You can turn them back on in your profile.`,
    invalid: 'This unsubscribe link is not valid.',
  },
  verify: {
    heading: 'Verify your e-mail address',
    working: 'Verifying your address…',
    done: 'Thank you: your e-mail address is verified.',
    invalid: 'This verification link is not valid or has expired.',
  },
} as const;

export const NoticeSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** The article it is about; null once the article is deleted. */
  article: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** The editor's note or reason, when the event had one. */
  note: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeListSchema = z.object({ notices: z.array(NoticeSchema), unread: z.number().int() });
export type NoticeList = z.infer<typeof NoticeListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });

export const NoticeListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize.notices),
});

/** Marks the notices up to and including this one read (the newest the reader has seen), or all of them. */
export const MarkReadInputSchema = z.object({ upTo: text().max(64).optional() });

export const MailPreferencesSchema = z.object({
  /** Whether this site sends e-mail at all (SMTP_URL is set). */
  mailEnabled: z.boolean(),
  /** The kinds this person may hear about, each on (e-mailed) or off. */
  kinds: z.array(z.object({ kind: z.enum(NOTICE_KINDS), email: z.boolean() })),
  emailVerified: z.boolean(),
});
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;

export const MailPreferencesInputSchema = z.object({
  /** The kinds to stop e-mailing; every other kind is e-mailed. */
  optOuts: z.array(z.enum(NOTICE_KINDS)).max(NOTICE_KINDS.length),
});

export const UnsubscribeInputSchema = z.object({ token: text().max(512) });
export const UnsubscribeResultSchema = z.object({ kind: z.enum(NOTICE_KINDS) });

export const VerifyEmailInputSchema = z.object({ token: text().max(512) });
export const VerifyEmailResultSchema = z.object({ verified: z.literal(true) });
