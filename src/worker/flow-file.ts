/**
 * Reading a flow file someone hands us (the headless core, `npm run bench:core`): Activepieces' nested
 * export, ours (the same nested form), or the stored flat form the API answers (`trigger` + `steps`).
 * Every refusal is one `FlowFileError` naming the problem and where it is, so a script or a CI log can
 * say it in one line. Nothing recursive touches the text before its depth and size are known.
 */
import { fromNestedFlow, fromStoredVersion, isFlowOperationError, type FlatVersion } from '../domain/flow/index.ts';
import { LARGE_BODY_LIMIT, MAX_FLOW_FILE_DEPTH } from '../domain/contract/workflows.ts';
import { jsonTextDepth } from '../domain/json-limits.ts';

export class FlowFileError extends Error {
  /** Where the problem is: 'line 3, column 14', a step name, or the whole file. */
  readonly position: string;

  constructor(message: string, position: string) {
    super(`${message} (${position})`);
    this.name = 'FlowFileError';
    this.position = position;
  }
}

export const MAX_FLOW_FILE_BYTES = LARGE_BODY_LIMIT;

/** 'line L, column C' of a character offset, counted from 1 as editors do. */
export function lineAndColumn(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : text.length;
    throw new FlowFileError('The file is not valid JSON', lineAndColumn(text, offset));
  }
}

/** The step a domain message names ("Step 'step_4' has …"), as the position of the problem. */
function positionOf(message: string): string {
  const step = /'((?:step_\d+)|trigger)'/.exec(message);
  return step ? `step ${step[1]}` : 'whole file';
}

/** Reads flow file text of either form into the flat version the core edits. */
export function readFlowFile(text: string): FlatVersion {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_FLOW_FILE_BYTES) {
    throw new FlowFileError(`The file is ${(bytes / 1048576).toFixed(1)} MB; a flow file may be at most ${MAX_FLOW_FILE_BYTES / 1048576} MB`, 'whole file');
  }
  const depth = jsonTextDepth(text, MAX_FLOW_FILE_DEPTH);
  if (depth > MAX_FLOW_FILE_DEPTH) {
    throw new FlowFileError(`The file nests deeper than ${MAX_FLOW_FILE_DEPTH.toLocaleString('en')} levels`, 'whole file');
  }
  const json = parseJson(text);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new FlowFileError('This is not a flow: a flow file is a JSON object with a trigger', 'whole file');
  }
  // GET /workflow/{id} answers the workflow with its version inside: take the version.
  const inner = (json as { version?: unknown }).version;
  const body = typeof inner === 'object' && inner !== null && 'trigger' in inner ? inner : json;
  const flat = Array.isArray((body as { steps?: unknown }).steps);
  try {
    return flat ? fromStoredVersion(asDraft(body)) : fromNestedFlow(body);
  } catch (error) {
    if (!isFlowOperationError(error)) throw error;
    throw new FlowFileError(`This is not a flow: ${error.message}`, positionOf(error.message));
  }
}

/**
 * A stored version saved by hand may lack the ids the API adds (the core only needs strings there); a
 * published one is opened as a draft, since the file is being edited, not the server's version.
 */
function asDraft(json: object): object {
  const record = json as Record<string, unknown>;
  return {
    id: 'file',
    flowId: 'file',
    displayName: 'Imported flow',
    valid: false,
    updated: new Date(0).toISOString(),
    ...record,
    state: 'DRAFT',
  };
}
