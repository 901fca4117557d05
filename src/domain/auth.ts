/**
 * The sign-in forms and the auth API share these schemas, so the browser and the server reject the same
 * input with the same words (SPEC §5). Form schemas hold what a person types; request schemas hold what
 * crosses the wire, with upper bounds so a huge field is refused before anything expensive (argon2) runs.
 */
// zod/mini: the same schemas and messages as classic zod, but tree-shakable, because these load with
// the login page, which must stay light (classic zod's namespace import costs tens of kilobytes).
import * as z from 'zod/mini';

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 hashes whatever it is given; a bound keeps a megabyte "password" from costing a core. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

const tooLong = (n: number) => `Must be at most ${n} characters`;

/**
 * zod's default email rule with its ASCII classes widened to Unicode letters, marks and digits, so
 * `ñandú@example.com` or `用户@例子.广告` register while `a@b`, `<x>@y.com` and spaces are still refused.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[\p{L}\p{M}\p{N}_'+\-.]*[\p{L}\p{M}\p{N}_+-]@(?:[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}-]*\.)+[\p{L}\p{M}]{2,}$/u;

export const emailField = z.pipe(
  z.string({ error: 'Email is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Email is required', abort: true }),
    z.maxLength(MAX_EMAIL_LENGTH, { error: tooLong(MAX_EMAIL_LENGTH), abort: true }),
  ),
  z.email({ pattern: EMAIL_PATTERN, error: 'Enter a valid email' }),
);

// abort: an empty password says only that it is required, not also that it is short
export const requiredPassword = z.string({ error: 'Password is required' }).check(
  z.minLength(1, { error: 'Password is required', abort: true }),
  z.maxLength(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH)),
);

export const newPassword = z.string({ error: 'Password is required' }).check(
  z.minLength(1, { error: 'Password is required', abort: true }),
  z.maxLength(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH)),
  z.minLength(MIN_PASSWORD_LENGTH, 'Minimum 8 characters'),
);

export const nameField = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name is required', abort: true }),
    z.maxLength(MAX_NAME_LENGTH, tooLong(MAX_NAME_LENGTH)),
  );

const confirmField = z.string({ error: 'Confirm your password' }).check(z.minLength(1, 'Confirm your password'));

const passwordsMatch = z.superRefine((value: { password: string; confirmPassword: string }, ctx) => {
  if (value.confirmPassword && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match', input: value });
  }
});

// ---- forms (what the screens validate on blur and change) ----

export const loginFormSchema = z.object({ email: emailField, password: requiredPassword });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({ name: nameField, email: emailField, password: newPassword, confirmPassword: confirmField })
  .check(passwordsMatch);
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z.object({ password: newPassword, confirmPassword: confirmField }).check(passwordsMatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

// ---- requests (what the server accepts, SPEC §7) ----

export const loginRequestSchema = z.strictObject({
  email: emailField,
  password: requiredPassword,
  remember: z._default(z.boolean(), true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.strictObject({ name: nameField, email: emailField, password: newPassword });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** A Google ID token is a JWT of a few kilobytes at most. */
export const googleLoginRequestSchema = z.strictObject({
  credentials: z
    .string({ error: 'No credential received from Google' })
    .check(z.minLength(1, 'No credential received from Google'), z.maxLength(8192)),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

export const opaqueToken = z.string({ error: 'Token is required' }).check(z.minLength(1, 'Token is required'), z.maxLength(512));

export const refreshRequestSchema = z.strictObject({ refresh_token: opaqueToken });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const logoutRequestSchema = z.strictObject({ refresh_token: z.optional(opaqueToken) });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({ token: opaqueToken, password: newPassword });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

// ---- responses ----

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.optional(z.string()),
});
export type User = z.infer<typeof userSchema>;

const nonEmpty = z.string().check(z.minLength(1));
export const tokenPairSchema = z.object({ access_token: nonEmpty, refresh_token: nonEmpty });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = z.extend(tokenPairSchema, { user: userSchema, error: z.optional(z.string()) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Every error the API answers: a code of SPEC §8, a sentence for people, and per-field messages. */
export const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  success: z.optional(z.literal(false)),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The sentence a forgot-password reply carries whether or not the address is known (SPEC §8). */
export const FORGOT_PASSWORD_REPLY = 'If your email is registered, you will receive a password reset email shortly.';
