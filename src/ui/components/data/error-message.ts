/**
 * One sentence for a failed request, for table errors and error toasts: the server's own message when it
 * sent one, the SPEC §8 network sentence when no reply came, else the generic 'please retry'.
 */
import { UI_MESSAGES } from '../../../domain/index.ts';
import { ApiError } from '../../../api/api-error.ts';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

export function errorMessage(error: unknown, fallback: string = UI_MESSAGES.unexpectedRetry): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
    return error.serverMessage ?? (error.status >= 500 ? UI_MESSAGES.serverError : fallback);
  }
  return fallback;
}
