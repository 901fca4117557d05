/** Words for the editor core's refusals (their `code` crosses from the worker, see worker/expose.ts). */
const MESSAGES: Record<string, string> = {
  READ_ONLY: 'This version is read-only. Choose Edit to make a draft.',
  BUSY: 'Wait until saving or publishing has finished.',
  STEP_NOT_FOUND: 'That step no longer exists.',
  NOT_OPEN: 'The workflow is not open yet.',
};

export function editErrorMessage(error: unknown, fallback: string): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && MESSAGES[code]) return MESSAGES[code];
  if ((code === 'FLOW_OPERATION_INVALID' || code === 'VALIDATION') && typeof message === 'string' && message) return message;
  return fallback;
}
