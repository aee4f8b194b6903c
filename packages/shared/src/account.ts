import { z } from 'zod';
import { BriefSubscriptionSchema } from './brief.js';
import { LIMITS } from './constants.js';
import { text } from './fields.js';
import { NoticeSchema } from './notice-schemas.js';
import { NOTICE_KINDS } from './notices.js';
import { BillingEntrySchema } from './payments.js';

/** What a reader types to delete an account that has no password (one signed in with Google). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/**
 * Deleting your own account: one field, your password, or the confirmation word for an account without one
 * (it signs in with Google). No password can be that word: the password rule asks for a digit.
 */
export const DeleteAccountInputSchema = z.object({
  confirmation: text().max(LIMITS.passwordMaxLength).default(''),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountInputSchema>;

export const DeleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** Everything the site holds about one reader, as they download it from /profile. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    name: z.string(),
    email: z.string(),
    profile_pic: z.string(),
    role: z.enum(['user', 'admin']),
    premiumTaken: z.string().nullable(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
    emailVerified: z.boolean(),
    signsInWith: z.array(z.enum(['password', 'google'])),
  }),
  articles: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      description: z.string(),
      image: z.string(),
      tags: z.array(z.string()),
      publisher: z.string(),
      status: z.enum(['pending', 'changes_requested', 'approved', 'declined']),
      isPremium: z.boolean(),
      views: z.number().int(),
      declineReason: z.string().nullable(),
      changesNote: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  payments: z.array(BillingEntrySchema),
  /** The bell's notices, newest first. */
  notices: z.array(NoticeSchema),
  notificationPreferences: z.array(z.object({ kind: z.enum(NOTICE_KINDS), email: z.boolean() })),
  /** The daily brief's subscription of the account's address, if any. */
  dailyBrief: BriefSubscriptionSchema.nullable(),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** The download's file name, the same from the server (Content-Disposition) and the browser's save. */
export const accountExportFileName = (exportedAt: string) => `dispatch-account-${exportedAt.slice(0, 10)}.json`;

export const ACCOUNT_MESSAGES = {
  passwordWrong: 'That password is not correct. Your account was not deleted.',
  passwordRequired: 'Enter your password to delete your account.',
  confirmationRequired: `Type ${DELETE_CONFIRMATION_WORD} to delete your account.`,
  lastAdmin: 'You are the only admin. Make another account an admin before deleting yours.',
} as const;

export const ACCOUNT_TEXT = {
  heading: 'Your data and account',
  exportIntro:
    'Download everything we hold about you: your profile, your articles, your payments and your notification preferences, as one JSON file.',
  exportButton: 'Download my data',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteIntro:
    'Deleting your account signs you out everywhere and removes your profile, your photo and your articles (published ones included). Payment records are kept for our accounts, without your name or e-mail. This cannot be undone.',
  deleteButton: 'Delete my account',
  dialogTitle: 'Delete your account?',
  dialogBody:
    'Your profile, photo, articles and notifications are removed and every session ends. This cannot be undone.',
  passwordLabel: 'Your password',
  confirmationHint: `Signed up with Google? Type ${DELETE_CONFIRMATION_WORD} instead.`,
  confirm: 'Delete my account',
  deleting: 'Deleting...',
  deleted: 'Your account was deleted.',
} as const;
