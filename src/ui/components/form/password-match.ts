import { resetPasswordFormSchema } from '../../../domain/index.ts';

/**
 * The confirmation field's message, from the domain schema so the words stay SPEC §5's
 * ('Confirm your password', 'Passwords do not match'). Register and reset share the rule.
 */
export function confirmPasswordError(password: string, confirmPassword: string): string | undefined {
  const result = resetPasswordFormSchema.safeParse({ password, confirmPassword });
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === 'confirmPassword')?.message;
}
