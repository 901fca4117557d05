/**
 * Outgoing mail. With SMTP_URL it goes through SMTP; without, each message is written as an RFC 822
 * `.eml` file into DATA_DIR/outbox (file names sort by time), so a person or a test on one machine can
 * open it. Sending happens in the background: a reply never waits for (or reveals) the mail server.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../files/private-files.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Logged when the mail goes to the outbox (a development setup) so its link can be followed; never with SMTP. */
  outboxLog?: Record<string, string>;
}

export interface MailLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface Mailer {
  /** Starts sending; failures are logged, never thrown at the caller. */
  queue(message: MailMessage): void;
  /** Resolves when every queued message has been sent or has failed. */
  whenIdle(): Promise<void>;
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string | undefined;
  outboxDir: string;
  log: MailLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  // Milliseconds first, then a per-process sequence: names sort in writing order even within one millisecond.
  let sequence = 0;

  async function writeToOutbox(message: MailMessage): Promise<void> {
    const { to, subject, text, html } = message;
    const info = await builder.sendMail({ from: options.from, to, subject, text, html });
    // A mail carries a live reset link: owner-only, like the rest of DATA_DIR.
    await ensurePrivateDir(options.outboxDir);
    sequence += 1;
    const name = `${Date.now()}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
    const file = join(options.outboxDir, name);
    await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    options.log.info({ file, subject, ...message.outboxLog }, 'Mail written to the outbox');
  }

  async function deliver(message: MailMessage): Promise<void> {
    try {
      if (smtp) {
        const { to, subject, text, html } = message;
        await smtp.sendMail({ from: options.from, to, subject, text, html });
        options.log.info({ subject }, 'Mail sent');
      } else {
        await writeToOutbox(message);
      }
    } catch (error) {
      options.log.error({ err: error, subject: message.subject }, 'Mail could not be sent');
    }
  }

  return {
    queue(message) {
      const sending = deliver(message).finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async whenIdle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
