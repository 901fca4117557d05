/**
 * How each auth failure reads to a person, SPEC §8 word for word. Pure functions of the error, so the
 * store stays small and the rules are tested on their own.
 */
import { ApiError } from '../../api/api-error.ts';
import { t } from '../i18n.ts';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
export const LOGIN_FALLBACK = 'Login failed. Please try again.';
export const REGISTER_FALLBACK = 'Registration failed. Please try again.';
export const FORGOT_FALLBACK = 'Failed to send reset email';
export const RESET_FALLBACK = 'Failed to reset password';
export const NO_GOOGLE_CREDENTIAL = 'No credential received from Google';
/** What a crashed backend (e.g. a PHP fatal page) prints in place of JSON. */
const FATAL_ERROR_MARKER = /fatal error/i;

const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetworkError;

export function loginErrorMessage(error: unknown): string {
  if (isNetwork(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Invalid email or password';
    return error.serverMessage ?? LOGIN_FALLBACK;
  }
  return LOGIN_FALLBACK;
}

export function registerErrorMessage(error: unknown): string {
  if (isNetwork(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.errors ?? {}).flat();
    if (fieldMessages.length > 0) return fieldMessages.join(', ');
    return error.serverMessage ?? REGISTER_FALLBACK;
  }
  return REGISTER_FALLBACK;
}

export function forgotErrorMessage(error: unknown): string {
  if (isNetwork(error)) return NETWORK_ERROR_MESSAGE;
  return (error instanceof ApiError && error.serverMessage) || FORGOT_FALLBACK;
}

export function resetErrorMessage(error: unknown): string {
  if (isNetwork(error)) return NETWORK_ERROR_MESSAGE;
  return (error instanceof ApiError && error.serverMessage) || RESET_FALLBACK;
}

export function googleErrorMessage(error: unknown): string {
  if (isNetwork(error)) return NETWORK_ERROR_MESSAGE;
  const body = error instanceof ApiError ? error.body : error;
  if (typeof body === 'string' && FATAL_ERROR_MARKER.test(body)) return t('pages.login.serverError');
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return t('pages.login.googleLoginError');
}
