/**
 * English is the only language (SPEC §1), but the Google sign-in errors are specified as translation keys
 * (SPEC §8), so the few keyed texts live in one dictionary and `t` resolves them.
 */
const en = {
  'pages.login.serverError': 'Server error',
  'pages.login.googleLoginError': 'Google sign-in failed. Please try again.',
} as const;

export type TranslationKey = keyof typeof en;

/** The English text for a key; an unknown key falls back to itself so a typo is visible, not blank. */
export function t(key: TranslationKey | (string & {})): string {
  return (en as Record<string, string>)[key] ?? key;
}
