/**
 * The editor's transport over the real API, as the browser's worker and the headless core both use it:
 * replies are checked by the domain before the core uses them (a malformed version is refused), except an
 * autosave's answer, which is read only for its id and stamp (editor-session.ts): a full parse of a
 * 10,000-step version on every save blocked edits.
 */
import * as z from 'zod/mini';
import { fromStoredVersion, type FlatVersion, type Flow, type StoredFlowContent } from '../domain/flow/index.ts';
import { flowSchema } from './editor-types.ts';
import { HttpTransport, type HttpTransportOptions } from './http-transport.ts';

const savedVersionStamp = z.looseObject({ id: z.string(), updated: z.optional(z.string()) });

export type ApiTransportOptions = Omit<HttpTransportOptions<FlatVersion, Flow>, 'parseVersion' | 'parseSavedVersion' | 'parseWorkflow'>;

export function apiTransport(options: ApiTransportOptions): HttpTransport<StoredFlowContent, FlatVersion, Flow> {
  return new HttpTransport<StoredFlowContent, FlatVersion, Flow>({
    ...options,
    parseVersion: fromStoredVersion,
    parseSavedVersion: (value) => savedVersionStamp.parse(value) as unknown as FlatVersion,
    parseWorkflow: (value) => flowSchema.parse(value) as Flow,
  });
}
