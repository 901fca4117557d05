/**
 * Reads a workflow for the core: GET /workflow/{id} through the transport (`EditorCore.openWorkflow`), or
 * the reply's JSON already downloaded (`openWorkflowJson`: the UI fetched it while its screen loaded), and
 * checks it. The check is the domain's, so the UI, given the same bytes, builds the very version the core
 * holds (`readWorkflowReply`) and the core need not clone 50,000 steps over to it.
 */
import { fromStoredVersion, type FlatVersion, type Flow } from '../domain/flow/index.ts';
import { asEditorError } from './edit-rules.ts';
import { EditorError, flowSchema, type EditorTransportForCore } from './editor-types.ts';

export interface CheckedWorkflow {
  flow: Flow;
  version: FlatVersion;
}

/** GET /workflow/{id}'s reply, checked: its flow, and its version built by the domain. */
export function readWorkflowReply(reply: unknown): CheckedWorkflow {
  const envelope = (typeof reply === 'object' && reply !== null ? reply : {}) as { flow?: unknown; version?: unknown };
  const flow = flowSchema.safeParse(envelope.flow);
  if (!flow.success) throw new EditorError('VALIDATION', 'The reply has no workflow, or a malformed one');
  try {
    return { flow: flow.data as Flow, version: fromStoredVersion(envelope.version) };
  } catch (error) {
    throw asEditorError(error);
  }
}

/** The reply's JSON (bytes as downloaded, or text), read and checked. */
export function readWorkflowJson(json: ArrayBuffer | string): CheckedWorkflow {
  let reply: unknown;
  try {
    reply = JSON.parse(typeof json === 'string' ? json : new TextDecoder().decode(json));
  } catch {
    throw new EditorError('VALIDATION', 'The workflow reply is not JSON');
  }
  return readWorkflowReply(reply);
}

export async function fetchWorkflow(transport: EditorTransportForCore, flowId: string): Promise<CheckedWorkflow> {
  if (!transport.readWorkflow) throw new EditorError('VALIDATION', 'This transport cannot read workflows: open one with open()');
  return readWorkflowReply(await transport.readWorkflow(flowId));
}
