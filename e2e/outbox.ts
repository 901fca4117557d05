/** Reads the mails the server wrote to DATA_DIR/outbox (no SMTP configured), as a person would open them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

/** Undoes quoted-printable soft breaks and escapes, which mail encoders apply to long lines. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function latestMailTo(email: string): string | undefined {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const raw = readFileSync(join(dir, file), 'utf8');
    if (raw.toLowerCase().includes(email.toLowerCase())) return decodeQuotedPrintable(raw);
  }
  return undefined;
}

export function resetLinkIn(mail: string): string {
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail);
  if (!match) throw new Error('no reset link in the mail');
  return match[0];
}
