import { z } from 'zod';
import { LIMITS } from './constants.js';
import { text } from './fields.js';
import { NOTICE_KINDS } from './notices.js';

export const NoticeSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** The article it is about; null once the article is deleted. */
  article: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** A family notice's owner (docs/product.md#families); absent on the other kinds. */
  family: z.object({ owner: z.string() }).optional(),
  /** The editor's note or reason, when the event had one. */
  note: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeListSchema = z.object({ notices: z.array(NoticeSchema), unread: z.number().int() });
export type NoticeList = z.infer<typeof NoticeListSchema>;

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

/** A new verification link is on its way to this address. */
export const VerificationSentSchema = z.object({ sentTo: z.string() });
export type VerificationSent = z.infer<typeof VerificationSentSchema>;
