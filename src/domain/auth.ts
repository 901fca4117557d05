/**
 * The sign-in forms and the auth API share these schemas, so the browser and the server reject the same
 * input with the same words (SPEC §5). Form schemas hold what a person types; request schemas hold what
 * crosses the wire, with upper bounds so a huge field is refused before anything expensive (argon2) runs.
 */
import { z } from 'zod';

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

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(MAX_EMAIL_LENGTH, tooLong(MAX_EMAIL_LENGTH))
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Enter a valid email' }));

const requiredPassword = z
  .string({ error: 'Password is required' })
  // abort: an empty password says only that it is required, not also that it is short
  .min(1, { error: 'Password is required', abort: true })
  .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH));

const newPassword = requiredPassword.min(MIN_PASSWORD_LENGTH, 'Minimum 8 characters');

const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .max(MAX_NAME_LENGTH, tooLong(MAX_NAME_LENGTH));

const confirmField = z.string({ error: 'Confirm your password' }).min(1, 'Confirm your password');

function passwordsMatch<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.confirmPassword && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
  }
}

// ---- forms (what the screens validate on blur and change) ----

export const loginFormSchema = z.object({ email: emailField, password: requiredPassword });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({ name: nameField, email: emailField, password: newPassword, confirmPassword: confirmField })
  .superRefine(passwordsMatch);
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: confirmField })
  .superRefine(passwordsMatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

// ---- requests (what the server accepts, SPEC §7) ----

export const loginRequestSchema = z.strictObject({
  email: emailField,
  password: requiredPassword,
  remember: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.strictObject({ name: nameField, email: emailField, password: newPassword });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** A Google ID token is a JWT of a few kilobytes at most. */
export const googleLoginRequestSchema = z.strictObject({
  credentials: z.string({ error: 'No credential received from Google' }).min(1, 'No credential received from Google').max(8192),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

const opaqueToken = z.string({ error: 'Token is required' }).min(1, 'Token is required').max(512);

export const refreshRequestSchema = z.strictObject({ refresh_token: opaqueToken });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const logoutRequestSchema = z.strictObject({ refresh_token: opaqueToken.optional() });
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
  createdAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const tokenPairSchema = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1) });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema, error: z.string().optional() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Every error the API answers: a code of SPEC §8, a sentence for people, and per-field messages. */
export const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  success: z.literal(false).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The sentence a forgot-password reply carries whether or not the address is known (SPEC §8). */
export const FORGOT_PASSWORD_REPLY = 'If your email is registered, you will receive a password reset email shortly.';
