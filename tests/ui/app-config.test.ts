import { describe, expect, it } from '@rstest/core';
import { createQueryClient, queryRetryDelay } from '../../src/ui/query-client.ts';
import { TOASTER_SETTINGS } from '../../src/ui/app-toaster.tsx';
import { formatPageTitle } from '../../src/ui/hooks/use-page-title.ts';
import { t } from '../../src/ui/i18n.ts';
import { firstErrorMessage } from '../../src/ui/components/form/bind-text-field.ts';
import { confirmPasswordError } from '../../src/ui/components/form/password-match.ts';

describe('data fetching defaults (SPEC §9)', () => {
  it('retries 3 times, 1 s doubling up to 30 s, and keeps unused data 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.retry).toBe(3);
    expect(options?.gcTime).toBe(300_000);
  });
});

describe('toasts (SPEC §9)', () => {
  it('uses the product constants', () => {
    expect(TOASTER_SETTINGS).toEqual({
      position: 'bottom-right',
      visibleToasts: 3,
      gap: 14,
      offset: 32,
      duration: 3000,
      hotkey: ['altKey', 'KeyT'],
    });
  });
});

describe('texts', () => {
  it('formats page titles as "<title> | Flowsmith"', () => {
    expect(formatPageTitle('Sign in')).toBe('Sign in | Flowsmith');
  });

  it('translates the Google error keys', () => {
    expect(t('pages.login.serverError')).toBe('Server error');
    expect(t('pages.login.googleLoginError')).toBe('Google sign-in failed. Please try again.');
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it('finds the first message among validator results', () => {
    expect(firstErrorMessage([undefined, [{ message: 'Enter a valid email' }], 'later'])).toBe('Enter a valid email');
    expect(firstErrorMessage(['Name is required'])).toBe('Name is required');
    expect(firstErrorMessage([undefined, null])).toBeUndefined();
  });

  it('words the confirmation errors as SPEC §5', () => {
    expect(confirmPasswordError('longenough', '')).toBe('Confirm your password');
    expect(confirmPasswordError('longenough', 'different')).toBe('Passwords do not match');
    expect(confirmPasswordError('longenough', 'longenough')).toBeUndefined();
    // The password's own problems belong to the password field, not the confirmation.
    expect(confirmPasswordError('short', 'short')).toBeUndefined();
  });
});
