/**
 * Reads a workflow for the core: GET /workflow/{id} through the transport (`EditorCore.openWorkflow`), or
 * the reply's JSON already downloaded (`openWorkflowJson`: the UI fetched it while its screen loaded), and
 * checks it. The UI, given a copy of the same bytes, builds the very version the core holds without
 * checking it again (`readWorkflowJsonAsSent`), and keeps that build only when the core's check found the
 * JSON already in its checked form (`asSent`); so the core need not clone 50,000 steps over to it.
 */
import { fromStoredVersion, fromStoredVersionAsSent, fromStoredVersionComparing, type FlatVersion, type Flow } from '../domain/flow/index.ts';
import { asEditorError } from './edit-rules.ts';
import { EditorError, flowSchema, type EditorTransportForCore } from './editor-types.ts';

export interface CheckedWorkflow {
  flow: Flow;
  version: FlatVersion;
}

type Envelope = { flow?: unknown; version?: unknown };

function readFlow(envelope: Envelope): Flow {
  const flow = flowSchema.safeParse(envelope.flow);
  if (!flow.success) throw new EditorError('VALIDATION', 'The reply has no workflow, or a malformed one');
  return flow.data as Flow;
}

function readVersion<T>(build: (json: unknown) => T, json: unknown): T {
  try {
    return build(json);
  } catch (error) {
    throw asEditorError(error);
  }
}

const envelopeOf = (reply: unknown): Envelope => (typeof reply === 'object' && reply !== null ? reply : {}) as Envelope;

/** GET /workflow/{id}'s reply, checked: its flow, and its version built by the domain. */
export function readWorkflowReply(reply: unknown): CheckedWorkflow {
  const envelope = envelopeOf(reply);
  return { flow: readFlow(envelope), version: readVersion(fromStoredVersion, envelope.version) };
}

function parseJson(json: ArrayBuffer | string): unknown {
  try {
    return JSON.parse(typeof json === 'string' ? json : new TextDecoder().decode(json));
  } catch {
    throw new EditorError('VALIDATION', 'The workflow reply is not JSON');
  }
}

/** The reply's JSON (bytes as downloaded, or text), read and checked. */
export function readWorkflowJson(json: ArrayBuffer | string): CheckedWorkflow {
  return readWorkflowReply(parseJson(json));
}

/** readWorkflowJson, also telling whether the version's JSON was already in its checked form. */
export function readWorkflowJsonComparing(json: ArrayBuffer | string): CheckedWorkflow & { asSent: boolean } {
  const envelope = envelopeOf(parseJson(json));
  const flow = readFlow(envelope);
  return { flow, ...readVersion(fromStoredVersionComparing, envelope.version) };
}

/**
 * The reply's JSON read without checking the version: only for a copy of bytes the core checks too, kept
 * only when the core answers `asSent` (see the module's comment).
 */
export function readWorkflowJsonAsSent(json: ArrayBuffer | string): CheckedWorkflow {
  const envelope = envelopeOf(parseJson(json));
  return { flow: readFlow(envelope), version: readVersion(fromStoredVersionAsSent, envelope.version) };
}

export async function fetchWorkflow(transport: EditorTransportForCore, flowId: string): Promise<CheckedWorkflow> {
  if (!transport.readWorkflow) throw new EditorError('VALIDATION', 'This transport cannot read workflows: open one with open()');
  return readWorkflowReply(await transport.readWorkflow(flowId));
}
