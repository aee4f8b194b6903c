import {
  BRIEF_TEXT,
  hasNoControlCharacters,
  NOTICE_TEXT,
  noticeHeadline,
  NOTICES_TEXT,
  type ArticleNoticeKind,
  type FamilyNoticeKind,
  type NoticeKind,
} from '@dispatch/shared';
import type { SubscriptionEvent } from '../../app-types.js';
import { element, escapeXml, type Xml } from '../feeds/xml.js';

/** What an e-mail says of the site: the settings' name, and their postal address for the footer ('' for none). */
export interface MailSite {
  siteName: string;
  postalAddress: string;
}

/**
 * One template per message: what it says, once. `renderMail` turns it into the plain-text and the HTML body,
 * so the two never say different things; every value from a person (a title, a note) is text in both.
 */
export interface MailTemplate {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A quoted note from the editor, when there is one. */
  quote?: { label: string; text: string };
  action: { label: string; url: string };
  /** Why this message came, and how to stop it. */
  footer: string[];
  unsubscribeUrl?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const BRAND_COLOUR = '#111827';

function htmlBody({ siteName, postalAddress }: MailSite, mail: MailTemplate): string {
  const paragraph = (content: string | Xml) =>
    element('p', { style: 'margin:0 0 16px;font-size:16px;line-height:1.5' }, content);
  const body = element(
    'td',
    { style: 'padding:24px;font-family:Georgia,serif;color:#111827' },
    element('p', { style: 'margin:0 0 24px;font-size:20px;font-weight:bold' }, siteName),
    paragraph(mail.greeting),
    mail.paragraphs.map((text) => paragraph(text)),
    mail.quote &&
      element(
        'blockquote',
        { style: 'margin:0 0 16px;padding:8px 16px;border-left:4px solid #d1d5db;color:#374151' },
        element('strong', null, `${mail.quote.label}: `),
        mail.quote.text,
      ),
    paragraph(
      element(
        'a',
        {
          href: mail.action.url,
          style: `display:inline-block;padding:10px 18px;background:${BRAND_COLOUR};color:#ffffff;text-decoration:none;border-radius:6px`,
        },
        mail.action.label,
      ),
    ),
    mail.footer.map((line) =>
      element('p', { style: 'margin:16px 0 0;font-size:13px;color:#6b7280;font-family:Arial,sans-serif' }, line),
    ),
    mail.unsubscribeUrl &&
      element(
        'p',
        { style: 'margin:8px 0 0;font-size:13px;font-family:Arial,sans-serif' },
        element('a', { href: mail.unsubscribeUrl, style: 'color:#6b7280' }, 'Unsubscribe from these e-mails'),
      ),
    postalAddress &&
      element(
        'p',
        { style: 'margin:16px 0 0;font-size:13px;color:#6b7280;font-family:Arial,sans-serif;white-space:pre-line' },
        postalAddress,
      ),
  );
  const table = element(
    'table',
    { role: 'presentation', width: '100%', style: 'max-width:600px;margin:0 auto;background:#ffffff' },
    element('tr', null, body),
  );
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(mail.subject)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#f3f4f6">${table.markup}</body></html>`
  );
}

function textBody({ postalAddress }: MailSite, mail: MailTemplate): string {
  return [
    mail.greeting,
    ...mail.paragraphs,
    ...(mail.quote ? [`${mail.quote.label}: ${mail.quote.text}`] : []),
    `${mail.action.label}: ${mail.action.url}`,
    '--',
    ...mail.footer,
    ...(mail.unsubscribeUrl ? [`Unsubscribe from these e-mails: ${mail.unsubscribeUrl}`] : []),
    ...(postalAddress ? [postalAddress] : []),
  ].join('\n\n');
}

/** The e-mail in text and HTML; the site's postal address, when set, closes both (docs/product.md#site-settings). */
export function renderMail(site: MailSite, mail: MailTemplate): RenderedMail {
  return { subject: mail.subject, text: `${textBody(site, mail)}\n`, html: htmlBody(site, mail) };
}

const NOTE_LABELS: Partial<Record<NoticeKind, string>> = {
  'changes-requested': 'The editor’s note',
  declined: 'Reason',
  corrected: 'Correction',
};

const ACTION_LABELS: Record<ArticleNoticeKind, string> = {
  'changes-requested': 'See the requested changes',
  approved: 'Read your article',
  declined: 'See your articles',
  corrected: 'Read the correction',
  'made-premium': 'Read your article',
  submitted: 'Review it in the dashboard',
  resubmitted: 'Review it in the dashboard',
};

/** The e-mail telling one person about an event on an article. */
export function articleNoticeMail(input: {
  siteName: string;
  kind: ArticleNoticeKind;
  recipientName: string;
  articleTitle: string;
  note: string | null;
  actionUrl: string;
  unsubscribeUrl: string;
}): MailTemplate {
  const label = NOTE_LABELS[input.kind];
  return {
    subject: noticeHeadline(input.kind, input.articleTitle),
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [`${noticeHeadline(input.kind, input.articleTitle)}.`],
    quote: label && input.note ? { label, text: input.note } : undefined,
    action: { label: ACTION_LABELS[input.kind], url: input.actionUrl },
    footer: [
      `You receive this e-mail from ${input.siteName} because of this setting: “${NOTICE_TEXT[input.kind].preference}”.`,
    ],
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** Sent once, at registration: welcome, and prove the address is yours. */
export function welcomeMail(input: { siteName: string; recipientName: string; verifyUrl: string }): MailTemplate {
  return {
    subject: `Welcome to ${input.siteName}: please verify your e-mail address`,
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      `Welcome to ${input.siteName}. You can now read our articles and submit your own for review.`,
      'Please confirm that this e-mail address is yours, so we can tell you when your articles are reviewed.',
    ],
    action: { label: NOTICES_TEXT.verify.heading, url: input.verifyUrl },
    footer: [`You receive this e-mail because an account was created at ${input.siteName} with this address.`],
  };
}

/** A new verification link, asked for from /profile. */
export function verificationMail(input: { siteName: string; recipientName: string; verifyUrl: string }): MailTemplate {
  return {
    subject: `Verify your e-mail address at ${input.siteName}`,
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      'You asked for a new link to confirm that this e-mail address is yours. It replaces the one we sent before.',
    ],
    action: { label: NOTICES_TEXT.verify.heading, url: input.verifyUrl },
    footer: [`You receive this e-mail because someone signed in to your account at ${input.siteName} asked for it.`],
  };
}

// The reader's time zone is not known here: UTC, and said so.
const mailDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

interface SubscriptionMailBase {
  siteName: string;
  recipientName: string;
  actionUrl: string;
  unsubscribeUrl: string;
  kind: NoticeKind;
}

const subscriptionFooter = (siteName: string, kind: NoticeKind) => [
  `You receive this e-mail from ${siteName} because of this setting: “${NOTICE_TEXT[kind].preference}”.`,
];

/** After every successful payment: what was bought and until when. */
export function receiptMail(
  input: SubscriptionMailBase & { planName: string; amount: string; periodStart: Date; periodEnd: Date },
): MailTemplate {
  return {
    subject: `Your receipt: ${input.planName}, ${input.amount}`,
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      `Thank you for your payment of ${input.amount} for ${input.planName}.`,
      `It buys premium access from ${mailDate.format(input.periodStart)} to ${mailDate.format(input.periodEnd)}.`,
      `Your premium access now runs until ${mailDate.format(input.periodEnd)}.`,
    ],
    action: { label: 'See your billing history', url: input.actionUrl },
    footer: subscriptionFooter(input.siteName, input.kind),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** 3 days and 1 day before premium access ends. */
export function premiumEndingMail(input: SubscriptionMailBase & { endsAt: Date; inDays: 1 | 3 }): MailTemplate {
  const when = input.inDays === 1 ? 'tomorrow' : 'in 3 days';
  return {
    subject: `Your premium access ends ${when}`,
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      `Your premium access to ${input.siteName} ends ${when}, on ${mailDate.format(input.endsAt)}.`,
      'Renew now to keep reading premium articles without a break: a renewal adds its time to what you have left.',
    ],
    action: { label: 'Renew premium', url: input.actionUrl },
    footer: subscriptionFooter(input.siteName, input.kind),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** Once premium access has ended. */
export function premiumLapsedMail(input: SubscriptionMailBase & { endedAt: Date }): MailTemplate {
  return {
    subject: 'Your premium access has ended',
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      `Your premium access to ${input.siteName} ended on ${mailDate.format(input.endedAt)}.`,
      'Premium articles are locked again; renew any time to open them.',
    ],
    action: { label: 'Renew premium', url: input.actionUrl },
    footer: subscriptionFooter(input.siteName, input.kind),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** A renewal was refused: premium lasts through the grace period while the reader gives another card. */
export function paymentFailedMail(
  input: SubscriptionMailBase & { planName: string; amount: string; graceEndsAt: Date },
): MailTemplate {
  return {
    subject: 'Your subscription payment failed',
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      `We could not charge ${input.amount} for ${input.planName}: your card was declined.`,
      `Your premium access continues until ${mailDate.format(input.graceEndsAt)}. Add another card before then to keep it.`,
    ],
    action: { label: 'Update your card', url: input.actionUrl },
    footer: subscriptionFooter(input.siteName, input.kind),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** A yearly subscription, 7 days before it is charged again. */
export function renewalReminderMail(
  input: SubscriptionMailBase & { planName: string; amount: string; renewsOn: Date },
): MailTemplate {
  return {
    subject: `Your subscription renews on ${mailDate.format(input.renewsOn)}`,
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      `${input.planName} renews on ${mailDate.format(input.renewsOn)} for ${input.amount}.`,
      'Nothing to do to keep reading. To stop it renewing, cancel it on your profile before then.',
    ],
    action: { label: 'Manage your subscription', url: input.actionUrl },
    footer: subscriptionFooter(input.siteName, input.kind),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** The e-mail of a subscription's event. */
export function subscriptionMail(base: Omit<SubscriptionMailBase, 'kind'>, event: SubscriptionEvent): MailTemplate {
  switch (event.kind) {
    case 'receipt':
      return receiptMail({ ...base, ...event });
    case 'premium-ending':
      return premiumEndingMail({ ...base, ...event });
    case 'premium-lapsed':
      return premiumLapsedMail({ ...base, ...event });
    case 'payment-failed':
      return paymentFailedMail({ ...base, ...event });
    case 'renewal-reminder':
      return renewalReminderMail({ ...base, ...event });
  }
}

/** The daily brief's double opt-in: nothing is sent to the address until its owner follows this link. */
export function briefConfirmationMail(input: { siteName: string; confirmUrl: string }): MailTemplate {
  return {
    subject: BRIEF_TEXT.confirmSubject(input.siteName),
    greeting: 'Hello,',
    paragraphs: [
      `Someone, probably you, asked for ${input.siteName}’s daily brief at this address: ${BRIEF_TEXT.pitch}`,
      'Confirm to start getting it. The link works for 7 days; if you did not ask, ignore this e-mail and nothing more will come.',
    ],
    action: { label: 'Confirm my subscription', url: input.confirmUrl },
    footer: [`You receive this e-mail because this address was entered on ${input.siteName}’s daily brief form.`],
  };
}

/** Longest inviter's name an invitation's subject carries: past it, a name is a sentence, not a name. */
const INVITER_NAME_MAX = 40;
/**
 * Something a mail client shows as a link or an address: a scheme, an @, www., a dot between letters, four dotted
 * numbers (an IPv4 address) or an IPv6-looking run (a `::`, or four hex groups joined by colons).
 */
const LINK_LIKE =
  /:\/\/|@|\bwww[.\u2024\uFE52\uFF0E\u3002]|\p{L}[.\u2024\uFE52\uFF0E\u3002]\p{L}{2,}|\d{1,3}(?:[.\u2024\uFE52\uFF0E\u3002]\d{1,3}){3}|[\da-f]*::[\da-f]*|[\da-f]{1,4}(?::[\da-f]{1,4}){3,}/iu;

/**
 * The owner's name as an invitation may show it to a stranger's inbox, or null for a neutral wording: the owner
 * chooses their name, so a name with a line break (one set before names refused them), a link or a domain, or
 * a whole sentence would make the site's sender say what they like ("Your bank: verify at evil.example").
 */
export function inviterName(name: string): string | null {
  const plain = name.trim();
  if (!plain || plain.length > INVITER_NAME_MAX || !hasNoControlCharacters(plain) || LINK_LIKE.test(plain)) return null;
  return plain;
}

/** A family's invitation: a link that works once, for 7 days, for the address it was sent to. */
export function familyInvitationMail(input: {
  siteName: string;
  ownerName: string;
  joinUrl: string;
  expiresAt: Date;
}): MailTemplate {
  const owner = inviterName(input.ownerName);
  return {
    subject: owner ? `${owner} invites you to read ${input.siteName}` : `You are invited to read ${input.siteName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${owner ?? 'A reader'} has a plan on ${input.siteName} that covers several accounts, and invites you to read premium articles with it.`,
      `Follow the link to log in or register with this address and accept. It works once, until ${mailDate.format(input.expiresAt)}.`,
      'If you did not expect this, ignore this e-mail: nothing happens unless you accept.',
    ],
    action: { label: 'Accept the invitation', url: input.joinUrl },
    footer: [`You receive this e-mail because ${owner ?? 'a reader'} entered this address on ${input.siteName}.`],
  };
}

/** A member's family access ended: removed by the owner, or the owner's account was deleted. */
export function familyNoticeMail(
  input: Omit<SubscriptionMailBase, 'kind'> & { kind: FamilyNoticeKind; ownerName: string },
): MailTemplate {
  return {
    subject: noticeHeadline(input.kind, input.ownerName),
    greeting: `Hello ${input.recipientName},`,
    paragraphs: [
      `${noticeHeadline(input.kind, input.ownerName)}.`,
      'Premium articles are locked again unless you hold premium of your own; a plan of your own opens them.',
    ],
    action: { label: 'See the plans', url: input.actionUrl },
    footer: subscriptionFooter(input.siteName, input.kind),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}
