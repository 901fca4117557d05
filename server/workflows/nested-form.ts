/**
 * The nested form of a version in replies (issue 16; SPEC §3's trigger chain, see
 * src/domain/contract/version-form.ts): a caller that asks with `?form=nested` gets the version as
 * `{id, flowId, state, created, updated, displayName, trigger, valid, schemaVersion}` with the whole
 * chain under `trigger.nextAction`, otherwise the stored flat form.
 *
 * A long chain nests a level per step, deeper than JSON.stringify can write (it recurses, and overflows
 * near 5,000 levels in Node 20), so the reply is text written by the domain's `toNestedFlowJson` with an
 * explicit stack and sent as it is; nothing here ever stringifies the nested objects. Turning a stored row
 * into the chain takes seconds at 50,000 steps, so a large one is done on the flow-body reader's thread
 * (flow-bodies/), as an autosave's nested reply is written where its body was read.
 */
import type { FastifyRequest } from 'fastify';
import { versionFormQuerySchema } from '../../src/domain/contract/version-form.ts';
import { iso } from '../db/stored-values.ts';
import { parse } from '../http/validate.ts';
import type { FlowBodyReader } from './flow-bodies/index.ts';
import type { VersionRow } from './versions-repository.ts';

/** Whether the request asks for the nested form (`?form=nested`); a bad `form` is a 400 naming it. */
export function wantsNested(request: FastifyRequest): boolean {
  return parse(versionFormQuerySchema, request.query ?? {}).form === 'nested';
}

/** The nested version's fields besides those toNestedFlowJson writes, as the start of an open object. */
function headText(row: Omit<VersionRow, 'content'>): string {
  const head = { id: row.id, flowId: row.flow_id, state: row.state, created: iso(row.created), updated: iso(row.updated) };
  return JSON.stringify(head).slice(0, -1);
}

/** A version as nested JSON text, from the flow's nested text (`{"displayName":…,"trigger":…}`). */
export function nestedVersionText(row: Omit<VersionRow, 'content'>, nestedFlowJson: string): string {
  return `${headText(row)},${nestedFlowJson.slice(1)}`;
}

/**
 * A stored version row as nested JSON text. The content is written back to text here (the flat form is
 * shallow and quick to stringify) and turned into the chain by the reader, on its thread when large.
 */
export async function nestedVersionOfRow(reader: FlowBodyReader, row: VersionRow): Promise<string> {
  const { content, ...identity } = row;
  return nestedVersionText(row, await reader.nest(identity, JSON.stringify(content)));
}
