/**
 * The one place a connection's secret is read: when a step that names a connection executes (in a run, a
 * 'Test step' or a connection's test call), never before. `withConnection` wraps a piece action: it looks
 * the connection up by the step's `connection` input (the run's user's, by exact name), decrypts its parts,
 * hands the action the headers to send (`context.credentials`), and blanks every secret out of what comes
 * back — the output and the error message alike (secret-redaction.ts) — so nothing that is kept or shown
 * (the run's record, a sample, a log line, a reply) can hold one. The step's input keeps only the name.
 *
 * A name that matches no connection fails the step with INVALID_APP_CONNECTION (SPEC §8 'invalid
 * connection'); one whose secret cannot be decrypted (the values key was replaced without rotating) with
 * the 'unexpected' message, never with the cipher's own words.
 */
import { CONNECTION_MESSAGES } from '../../src/domain/contract/connections.ts';
import { isBlankValue } from '../../src/domain/pieces/index.ts';
import { findConnectionByName, type ConnectionSecretRow } from '../connections/repository.ts';
import type { Database } from '../db/database.ts';
import type { ValueCipher } from '../variables/encryption.ts';
import type { PieceAction } from './execute-flow.ts';
import { createRedactor, type Redactor } from './secret-redaction.ts';

/** A step failure that carries a SPEC §8 code. */
export class ConnectionError extends Error {
  readonly code = 'INVALID_APP_CONNECTION';
  constructor(message: string) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/** What an action gets of a connection: the headers to add to its request (lower-case names). */
export interface ConnectionCredentials {
  headers: Record<string, string>;
}

interface Resolved extends ConnectionCredentials {
  /** Every text to blank out of what the action hands back. */
  secrets: string[];
}

export type ResolveConnection = (userId: string, name: string) => Promise<Resolved>;

/** The headers a connection sends, and the texts that must not come back (each part, and what encodes them). */
export function credentialsOf(row: Pick<ConnectionSecretRow, 'type' | 'config'>, parts: readonly string[]): Resolved {
  const [first = ''] = parts;
  switch (row.type) {
    case 'API_KEY':
      return { headers: { [(row.config.headerName ?? '').toLowerCase()]: first }, secrets: [first] };
    case 'BEARER_TOKEN':
      return { headers: { authorization: `Bearer ${first}` }, secrets: [first] };
    case 'BASIC_AUTH': {
      const encoded = Buffer.from(`${row.config.username ?? ''}:${first}`, 'utf8').toString('base64');
      return { headers: { authorization: `Basic ${encoded}` }, secrets: [first, encoded] };
    }
    case 'CUSTOM_HEADERS': {
      const headers: Record<string, string> = {};
      (row.config.headerNames ?? []).forEach((name, index) => {
        headers[name.toLowerCase()] = parts[index] ?? '';
      });
      return { headers, secrets: [...parts] };
    }
  }
}

export function createConnectionResolver(db: Database, cipher: ValueCipher): ResolveConnection {
  return async (userId, name) => {
    const row = await findConnectionByName(db, userId, name);
    if (!row) throw new ConnectionError(CONNECTION_MESSAGES.invalid(name));
    let parts: string[];
    try {
      parts = row.secrets.map((part) => cipher.decrypt(part));
    } catch {
      throw new ConnectionError(CONNECTION_MESSAGES.unexpected);
    }
    return credentialsOf(row, parts);
  };
}

/** The error an action threw, with its message redacted; a new error, so no stack holds the original text. */
function redactedError(error: unknown, redactor: Redactor): Error {
  if (error instanceof ConnectionError) return error;
  const message = redactor.text(error instanceof Error ? error.message : String(error));
  const status = (error as { status?: unknown } | null)?.status;
  return Object.assign(new Error(message), typeof status === 'number' ? { status } : {});
}

/** `action` with its step's `connection` input resolved into headers and its results redacted. */
export function withConnection(action: PieceAction, resolve: ResolveConnection): PieceAction {
  return async (input, context) => {
    const name = input.connection;
    if (isBlankValue(name)) return action(input, context);
    if (typeof name !== 'string') throw new ConnectionError(CONNECTION_MESSAGES.invalid(String(JSON.stringify(name)).slice(0, 100)));
    const resolved = await resolve(context.userId, name.trim());
    const redactor = createRedactor(resolved.secrets);
    let output: unknown;
    try {
      output = await action(input, { ...context, credentials: { headers: resolved.headers } });
    } catch (error) {
      throw redactedError(error, redactor);
    }
    return redactor.value(output);
  };
}
