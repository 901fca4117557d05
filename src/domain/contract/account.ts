/**
 * The account (/settings/profile, server/account): the signed-in user's name, sign-in address, password,
 * and the account itself. The fields are the sign-in forms' own (../auth.ts), so a name, an address or a
 * password is judged here exactly as at sign-up; the bodies are made of those fields only, so the browser
 * checks them before sending with no more of zod than the profile screen loads anyway.
 *
 * A password-less account (signed up with Google) gives no password: its session proves itself by being
 * fresh instead (`FRESH_SIGN_IN_MINUTES`), so a stolen access token alone cannot take the account over.
 */
import * as z from 'zod/mini';
import { emailField, nameField, newPassword, opaqueToken, requiredPassword, userSchema } from '../auth.ts';
import { UI_MESSAGES } from '../errors.ts';

// ---- rules ----

/** SPEC §5: deleting the account asks to type DELETE. */
export const DELETE_CONFIRMATION = 'DELETE';
export const DELETE_CONFIRMATION_MESSAGE = 'Type DELETE to confirm';
/** How long after signing in a password-less account may change its address, password or existence. */
export const FRESH_SIGN_IN_MINUTES = 10;
/** How long an email-change link works (like a password-reset link). */
export const EMAIL_CHANGE_TTL_MINUTES = 60;
/** The query parameter of the email-change link (`/settings/profile?email_token=…`). */
export const EMAIL_TOKEN_PARAM = 'email_token';

export const SAME_EMAIL_MESSAGE = 'This is already your email';
export const WRONG_PASSWORD_MESSAGE = 'The password is incorrect';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';

export const accountNameSchema = nameField;
export const accountEmailSchema = emailField;
export const currentPasswordSchema = requiredPassword;
export const newPasswordSchema = newPassword;
export const deleteConfirmationSchema = z
  .string({ error: DELETE_CONFIRMATION_MESSAGE })
  .check(z.refine((typed) => typed === DELETE_CONFIRMATION, DELETE_CONFIRMATION_MESSAGE));

/** The change-password form's confirmation: SPEC §8's sentence. */
export function passwordConfirmationError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Confirm your password';
  return confirmation === password ? undefined : UI_MESSAGES.passwordsDontMatch;
}

// ---- requests ----

/** PUT /account/name */
export const updateNameBodySchema = z.strictObject({ name: accountNameSchema });
export type UpdateNameBody = z.input<typeof updateNameBodySchema>;

/** POST /account/email: mails a link to the new address; `password` is required when the account has one. */
export const changeEmailBodySchema = z.strictObject({ email: accountEmailSchema, password: z.optional(currentPasswordSchema) });
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

/** POST /account/email/confirm: the token of the link, sent by the signed-in session that follows it. */
export const confirmEmailBodySchema = z.strictObject({ token: opaqueToken });
export type ConfirmEmailBody = z.input<typeof confirmEmailBodySchema>;

/** PUT /account/password: `current_password` is required when the account has one. */
export const changePasswordBodySchema = z.strictObject({
  current_password: z.optional(currentPasswordSchema),
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** POST /account/delete: DELETE typed, and the password when the account has one. */
export const deleteAccountBodySchema = z.strictObject({
  confirmation: deleteConfirmationSchema,
  password: z.optional(currentPasswordSchema),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

// ---- replies ----

export const pendingEmailSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type PendingEmail = z.output<typeof pendingEmailSchema>;

/** GET /account */
export const accountSchema = z.object({
  user: userSchema,
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  /** An address change waiting for its link, if one was asked for within the hour. */
  pendingEmail: z.nullable(pendingEmailSchema),
  /**
   * A password-less account: until when this session may change the address, set a password or delete
   * the account (sign-in + FRESH_SIGN_IN_MINUTES). Null when a password guards those changes.
   */
  sensitiveChangesUntil: z.nullable(z.string()),
});
export type Account = z.output<typeof accountSchema>;

/** PUT /account/name, POST /account/email/confirm */
export const accountUserReplySchema = z.object({ user: userSchema });

/** POST /account/email */
export const emailChangeReplySchema = z.object({ message: z.string(), pendingEmail: pendingEmailSchema });
