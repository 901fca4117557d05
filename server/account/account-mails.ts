/** The mails of an address change: the link to the new address, the notice to the old one. */
import { EMAIL_CHANGE_TTL_MINUTES } from '../../src/domain/contract/account.ts';
import { escapeHtml } from '../auth/password-reset.ts';
import type { MailMessage } from '../mail/mailer.ts';

export const CONFIRM_MAIL_SUBJECT = 'Confirm your new Flowsmith email';
export const NOTICE_MAIL_SUBJECT = 'Your Flowsmith email is being changed';

const lifetime = EMAIL_CHANGE_TTL_MINUTES === 60 ? 'one hour' : `${EMAIL_CHANGE_TTL_MINUTES} minutes`;

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${line}</p>`).join('\n');
}

export function confirmChangeMail(name: string, newEmail: string, link: string): MailMessage {
  const text = [
    `Hello ${name},`,
    '',
    `You asked to sign in to Flowsmith as ${newEmail} from now on. To confirm this address, open this link`,
    `while signed in to your account (it works once, for ${lifetime}):`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this mail: nothing changes.',
  ].join('\n');
  const html = paragraphs([
    `Hello ${escapeHtml(name)},`,
    `You asked to sign in to Flowsmith as ${escapeHtml(newEmail)} from now on. To confirm this address, open this link while signed in to your account (it works once, for ${lifetime}):`,
    `<a href="${escapeHtml(link)}">Confirm your new email</a>`,
    'If you did not ask for this, ignore this mail: nothing changes.',
  ]);
  return { to: newEmail, subject: CONFIRM_MAIL_SUBJECT, text, html, outboxLog: { emailChangeLink: link } };
}

export function changeNoticeMail(name: string, oldEmail: string, newEmail: string, profileUrl: string): MailMessage {
  const text = [
    `Hello ${name},`,
    '',
    `Someone signed in to your Flowsmith account asked to change its email from ${oldEmail} to ${newEmail}.`,
    'The change happens only when the link sent to the new address is opened.',
    '',
    `If this was not you, change your password and sign out of all devices: ${profileUrl}`,
  ].join('\n');
  const html = paragraphs([
    `Hello ${escapeHtml(name)},`,
    `Someone signed in to your Flowsmith account asked to change its email from ${escapeHtml(oldEmail)} to ${escapeHtml(newEmail)}.`,
    'The change happens only when the link sent to the new address is opened.',
    `If this was not you, <a href="${escapeHtml(profileUrl)}">change your password and sign out of all devices</a>.`,
  ]);
  return { to: oldEmail, subject: NOTICE_MAIL_SUBJECT, text, html };
}
