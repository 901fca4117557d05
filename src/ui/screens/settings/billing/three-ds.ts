/**
 * What a 3-D Secure return says, as one toast. A card issuer's page sends the browser back to
 * /billing/3ds-callback with the outcome in the query (Stripe's names: `redirect_status`,
 * `payment_intent` or `setup_intent`). The query is anyone's to write, so it is read as plain, bounded
 * text: a status from a known list, a reference of at most REFERENCE_MAX id characters; anything else
 * is named as unrecognised and cut short, and no `*_client_secret` is ever repeated. The toast shows
 * text only (never HTML). Pure, so it is tested without a DOM.
 */

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ThreeDsOutcome {
  kind: ToastKind;
  message: string;
}

export const REFERENCE_MAX = 64;
const SHOWN_MAX = 40;
const REFERENCE = /^[A-Za-z0-9_-]+$/;
const NOTHING_CHARGED = 'No payment provider is configured, so nothing was charged.';

const STATUS: Record<string, { kind: ToastKind; text: string }> = {
  succeeded: { kind: 'success', text: 'Card authentication succeeded' },
  processing: { kind: 'info', text: 'Card authentication is still processing' },
  requires_capture: { kind: 'info', text: 'Card authentication succeeded; the payment awaits capture' },
  requires_action: { kind: 'warning', text: 'Card authentication needs another step' },
  requires_payment_method: { kind: 'error', text: 'Card authentication failed' },
  failed: { kind: 'error', text: 'Card authentication failed' },
  canceled: { kind: 'warning', text: 'Card authentication was canceled' },
};

/** Printable text only, at most `max` characters, with an ellipsis when cut. */
function plain(text: string, max: number): string {
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim();
  return printable.length > max ? `${printable.slice(0, max)}…` : printable;
}

export function threeDsOutcome(query: URLSearchParams): ThreeDsOutcome {
  const status = query.get('redirect_status') ?? query.get('status');
  const rawReference = query.get('payment_intent') ?? query.get('setup_intent');
  const reference = rawReference && rawReference.length <= REFERENCE_MAX && REFERENCE.test(rawReference) ? rawReference : undefined;
  const about = reference ? ` (${reference})` : '';

  if (status === null || status.trim() === '') {
    return { kind: 'warning', message: `The card authentication page returned no result${about}. ${NOTHING_CHARGED}` };
  }
  const known = STATUS[status];
  if (!known) {
    return { kind: 'warning', message: `The card authentication page returned an unrecognised status “${plain(status, SHOWN_MAX)}”${about}. ${NOTHING_CHARGED}` };
  }
  return { kind: known.kind, message: `${known.text}${about}. ${NOTHING_CHARGED}` };
}
