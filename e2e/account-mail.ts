/**
 * The newest outbox mail sent *to* an address (its To: header): an email change writes one mail to the
 * new address and a notice naming it to the old one, so "mentions the address" (outbox.ts) is not enough.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function latestMailAddressedTo(address: string): string | undefined {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
  } catch {
    return undefined;
  }
  const to = `to: ${address.toLowerCase()}`;
  for (const file of files) {
    const raw = readFileSync(join(dir, file), 'utf8');
    if (raw.split(/\r?\n/).some((line) => line.toLowerCase() === to)) return decodeQuotedPrintable(raw);
  }
  return undefined;
}
