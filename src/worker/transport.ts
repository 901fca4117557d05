/**
 * The editor worker's only way to the server: the two calls of SPEC §7 it makes itself (autosave and
 * publish). It is injected so that the same EditorCore runs against the real API in the app
 * (`HttpTransport`) and against an in-memory fake in Node tests and the benchmark (`FakeServerTransport`).
 *
 * Every failure is a `TransportError`, so the autosave queue can tell a conflict (409: stop and ask the
 * user) from everything else (retry with back-off).
 */
// Types only: the worker does not parse its own requests (the server does).
import type { AutosaveBody, PublishBody } from '../domain/contract/requests.ts';

/**
 * POST /workflow/version/autosave's body (the contract's `autosaveBodySchema`) with the configuration
 * typed: the whole trigger chain in the domain's stored form, every time. `updated` is the stamp this save
 * builds on (a newer one on the server answers 409: another tab or device saved in between); `overwrite`
 * is sent only after a 409 when the user chose to keep their changes.
 */
export type AutosaveRequest<TConfiguration = unknown> = Omit<AutosaveBody, 'configuration'> & { configuration: TConfiguration };

/** POST /workflow/version/autosave's reply (`autosaveReplySchema`) with the version read. */
export interface AutosaveResponse<TVersion = unknown> {
  newVersionCreated: boolean;
  version: TVersion;
}

/** POST /workflow/publish's body (`publishBodySchema`). */
export type PublishRequest = PublishBody;

/** POST /workflow/publish's reply (`publishReplySchema`) with the workflow and version read. */
export interface PublishResponse<TWorkflow = unknown, TVersion = unknown> {
  workflow: TWorkflow;
  version: TVersion;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface EditorTransport<TConfiguration = unknown, TVersion = unknown, TWorkflow = unknown> {
  autosave(request: AutosaveRequest<TConfiguration>, options?: CallOptions): Promise<AutosaveResponse<TVersion>>;
  publish(request: PublishRequest, options?: CallOptions): Promise<PublishResponse<TWorkflow, TVersion>>;
  /**
   * GET /workflow/{id} as it came (the flow and the stored version, unchecked: `open` checks them), so
   * `EditorCore.openWorkflow` reads a large version where the core runs, never on the UI's thread.
   */
  readWorkflow?(flowId: string, options?: CallOptions): Promise<{ flow: unknown; version: unknown }>;
}

export type TransportErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'aborted';

export class TransportError extends Error {
  readonly kind: TransportErrorKind;
  /** HTTP status, or 0 when no response came. */
  readonly status: number;
  /** The server's SPEC §8 error code, when it sent one. */
  readonly code: string | undefined;

  constructor(init: { kind: TransportErrorKind; status?: number; code?: string; message: string }) {
    super(init.message);
    this.name = 'TransportError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code;
  }

  /** The server refused the save as stale: retrying would fail the same way, the user must decide. */
  get isConflict(): boolean {
    return this.kind === 'http' && this.status === 409;
  }
}

export function isConflictError(error: unknown): boolean {
  return error instanceof TransportError && error.isConflict;
}

/** A short, serialisable description of any failure, for status events crossing comlink. */
export function describeError(error: unknown): { message: string; status?: number; code?: string } {
  if (error instanceof TransportError) {
    return { message: error.message, status: error.status, ...(error.code ? { code: error.code } : {}) };
  }
  if (error instanceof Error) return { message: error.message };
  return { message: String(error) };
}
