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
  'receipt',
  'premium-ending',
  'premium-lapsed',
  'payment-failed',
  'renewal-reminder',
  'family-removed',
  'family-ended',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
/** The subscription's kinds: e-mail only, about a reader's premium access. */
export type SubscriptionNoticeKind =
  'receipt' | 'premium-ending' | 'premium-lapsed' | 'payment-failed' | 'renewal-reminder';
/** A family member's kinds (docs/product.md#families): the bell's, and e-mail; `{title}` is the owner's name. */
export type FamilyNoticeKind = 'family-removed' | 'family-ended';
/** The kinds about an article: the bell's, and e-mail. */
export type ArticleNoticeKind = Exclude<NoticeKind, SubscriptionNoticeKind | FamilyNoticeKind>;

/** Writers, subscribers and family members are everyone (anyone may write or subscribe); editors are admins. */
export type NoticeAudience = 'writer' | 'editor' | 'subscriber' | 'family';

interface NoticeKindText {
  audience: NoticeAudience;
  /** The line in the bell's list and the e-mail's subject; `{title}` is the article's (the subscription's kinds are e-mail only). */
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
  receipt: {
    audience: 'subscriber',
    headline: 'Your receipt: {title}',
    preference: 'A receipt after each payment',
  },
  'premium-ending': {
    audience: 'subscriber',
    headline: 'Your premium access ends {title}',
    preference: 'A reminder 3 days and 1 day before my premium access ends',
  },
  'premium-lapsed': {
    audience: 'subscriber',
    headline: 'Your premium access has ended',
    preference: 'A notice when my premium access has ended',
  },
  'payment-failed': {
    audience: 'subscriber',
    headline: 'Your subscription payment failed: please add another card',
    preference: 'A notice when a renewal payment fails',
  },
  'renewal-reminder': {
    audience: 'subscriber',
    headline: 'Your subscription renews {title}',
    preference: 'A reminder 7 days before a yearly subscription renews',
  },
  'family-removed': {
    audience: 'family',
    headline: '{title} removed you from their family: your premium access from it has ended',
    preference: 'I am removed from a family I read with',
  },
  'family-ended': {
    audience: 'family',
    headline: 'The family of {title} has ended: their account was deleted',
    preference: 'A family I read with ends',
  },
};

/** The kinds the bell lists; the subscription's kinds are e-mail only. */
export const isBellNotice = (kind: NoticeKind) => NOTICE_TEXT[kind].audience !== 'subscriber';

/** The kinds a person may hear about: everyone writes; only editors review. */
export const noticeKindsFor = (role: 'user' | 'admin'): NoticeKind[] =>
  NOTICE_KINDS.filter((kind) => role === 'admin' || NOTICE_TEXT[kind].audience !== 'editor');

/** Where a notice leads, in the app and in its e-mail: the review desk's pending list, the writer's list, the plans (a family's end) or the article. */
export function noticePath(kind: NoticeKind, articleId: string): string {
  if (NOTICE_TEXT[kind].audience === 'editor') return '/dashboard/all-articles?status=pending';
  if (NOTICE_TEXT[kind].audience === 'family') return '/subscription';
  if (kind === 'declined' || kind === 'changes-requested') return '/my-articles';
  return `/articles/${encodeURIComponent(articleId)}`;
}

/** How long after one verification link the next may be asked for. */
export const VERIFICATION_RESEND_MINUTES = 10;

/** Why a new verification link was not sent (docs/product.md#notifications). */
export const VERIFY_MESSAGES = {
  alreadyVerified: 'Your e-mail address is already verified.',
  mailOff: 'This site does not send e-mail at the moment.',
  tooSoon: `We sent you a link less than ${VERIFICATION_RESEND_MINUTES} minutes ago. Please look for it in your inbox (and your spam folder) before asking again.`,
} as const;

export const noticeHeadline = (kind: NoticeKind, title: string) => NOTICE_TEXT[kind].headline.replace('{title}', title);

export const NOTICES_TEXT = {
  bell: 'Notifications',
  unread: (count: number | string) => `${count} unread`,
  empty: 'Nothing new. You will hear here when an article of yours is reviewed.',
  emptyEditor: 'Nothing new. Submissions and resubmissions will show here.',
  isNew: 'New',
  backHome: 'Go to the front page',
  note: 'Note',
  loadFailed: 'Notifications could not be loaded.',
  preferences: {
    heading: 'E-mail notifications',
    intro: 'Choose what we e-mail you about. The notices in the app stay on.',
    save: 'Save preferences',
    saved: 'Preferences saved',
    mailOff: 'This site does not send e-mail at the moment; the notices in the app stay on.',
    unverified: 'Your e-mail address is not verified yet: follow the link in the welcome e-mail we sent you.',
    resend: 'Send the link again',
    resending: 'Sending…',
    resent: (email: string) => `We sent a new link to ${email}. It may take a minute to arrive.`,
  },
  unsubscribe: {
    heading: 'Unsubscribe',
    confirm: 'Stop receiving this kind of e-mail from us?',
    button: 'Unsubscribe',
    done: (what: string) =>
      `You will no longer receive e-mails when: ${what}. You can turn them back on in your profile.`,
    invalid: 'This unsubscribe link is not valid.',
    missing: 'This page needs the link from one of our e-mails.',
  },
  verify: {
    heading: 'Verify your e-mail address',
    working: 'Verifying your address…',
    done: 'Thank you: your e-mail address is verified.',
    invalid: 'This verification link is not valid or has expired.',
  },
} as const;
