import { AuthorLinksSchema, AuthorProfileInputSchema } from './authors.js';
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { hasNoControlCharacters, requiredText, text, withoutControlCharacters } from './fields.js';
import { TEXT } from './texts.js';

const V = TEXT.validation;

export const EmailSchema = text(V.emailRequired)
  .trim()
  .min(1, V.emailRequired)
  .max(LIMITS.emailMaxLength, V.emailInvalid)
  .pipe(z.email(V.emailInvalid))
  .transform((email) => email.toLowerCase());

/** docs/product.md#validation, in its order: required, at least 6, then the character classes. */
export const PasswordSchema = text(V.passwordRequired)
  .min(1, V.passwordRequired)
  .min(LIMITS.passwordMinLength, V.passwordMin)
  .max(LIMITS.passwordMaxLength, `Must be at most ${LIMITS.passwordMaxLength} characters`)
  .regex(/[A-Z]/, V.passwordComplexity)
  .regex(/\d/, V.passwordComplexity)
  .regex(/[^A-Za-z0-9]/, V.passwordComplexity);

/** A person's display name: it reaches e-mail subjects and other readers' pages, so no control characters. */
export const NameSchema = requiredText(V.nameRequired, LIMITS.nameMaxLength).refine(
  hasNoControlCharacters,
  V.nameControlCharacters,
);

/**
 * The name an identity provider gives (Google sign-in), made one of ours: its control characters become spaces
 * (the provider's account is not ours to refuse), at most our length, the address's local part when nothing is left.
 */
export const providedName = (name: string, email: string) =>
  (withoutControlCharacters(name) || email.split('@')[0]!).slice(0, LIMITS.nameMaxLength).trim();

/** The text fields of registration; the image travels as a file beside them. */
export const RegisterFieldsSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterFields = z.input<typeof RegisterFieldsSchema>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: text(V.passwordRequired).min(1, V.passwordRequired).max(LIMITS.passwordMaxLength),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

/** Changing your password: the new one follows the registration rule. */
export const ChangePasswordInputSchema = z.object({
  currentPassword: text(V.currentPasswordRequired).min(1, V.currentPasswordRequired).max(LIMITS.passwordMaxLength),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

export const ChangePasswordResponseSchema = z.object({
  /** How many of your other sessions were ended. */
  endedSessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profile_pic: z.string(),
  role: z.enum(['user', 'admin']),
  premiumTaken: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  last_log_in: z.string().nullable(),
  /** Their author page, /authors/{slug}: given when the account was made, never changed. */
  slug: z.string(),
  /** What their author page shows beside name and photo (docs/product.md#author-pages). */
  bio: z.string(),
  links: AuthorLinksSchema,
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const SessionResponseSchema = z.object({ user: UserSchema });

/** SPEC's name and photo; a writer's bio and public links too, each left as it is when not sent. */
export const UpdateProfileInputSchema = z.object({
  name: NameSchema,
  profile_pic: requiredText(V.imageRequired, 300),
  ...AuthorProfileInputSchema.shape,
});
export type UpdateProfileInput = z.input<typeof UpdateProfileInputSchema>;

export const UploadResponseSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

export const EmailParamSchema = z.object({ email: text().max(LIMITS.emailMaxLength) });
export const RoleQuerySchema = z.object({ email: text().max(LIMITS.emailMaxLength).optional() });

/** What the Google popup posts to the window that opened it. */
export const GOOGLE_MESSAGE_TYPE = 'dispatch:google-sign-in';
export const GoogleMessageSchema = z.object({
  type: z.literal(GOOGLE_MESSAGE_TYPE),
  token: z.string().optional(),
  error: z.string().optional(),
});
