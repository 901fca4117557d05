/**
 * The app's version as package.json states it, read once: the System screen shows it and each worker
 * heartbeat records it, so a rolling deploy shows which processes run which version.
 */
import { readFileSync } from 'node:fs';

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

function readVersion(): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
    const version = typeof parsed === 'object' && parsed !== null ? (parsed as { version?: unknown }).version : undefined;
    return typeof version === 'string' && version.length <= 64 ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export const APP_VERSION = readVersion();
