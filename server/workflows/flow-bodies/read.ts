/**
 * Reading the two large bodies of the workflow service — a flow file (POST /workflow/import) and an
 * autosave — from their raw JSON text to what gets written: depth counted before parsing, the JSON
 * parsed, the domain's checks (which also judge every step's and the trigger's validity: a `valid` in the
 * body is never believed), the stored content as JSON text. Pure of the server's state, so the same
 * code runs inline for small bodies and on a worker thread for large ones (pool.ts), where its hundreds
 * of milliseconds for a 10,000-step flow cannot hold up other requests.
 */
import { fromNestedFlow, jsonTextDepth, MAX_JSON_DEPTH } from '../../../src/domain/index.ts';
import { tooDeep } from '../../http/json-body.ts';
import { validationError } from '../../shared/api-error.ts';
import { parse } from '../../http/validate.ts';
import { withDomain } from '../errors.ts';
import { autosaveBodySchema, MAX_FLOW_FILE_DEPTH } from '../schemas.ts';
import { flatFromConfiguration, versionWrite } from '../service.ts';
import type { VersionWrite } from '../versions-repository.ts';

export type FlowBodyKind = 'import' | 'autosave';

/** A version write without its content as an object: the text is what is stored and answered. */
export type TextWrite = Omit<VersionWrite, 'content'>;

export interface ImportBody {
  kind: 'import';
  write: TextWrite;
}

export interface AutosaveBody {
  kind: 'autosave';
  versionId: string;
  displayName: string;
  updated: string | undefined;
  overwrite: true | undefined;
  write: TextWrite;
}

export type FlowBody = ImportBody | AutosaveBody;

/** A VersionWrite whose content object is parsed from its text only if something reads it. */
export function lazyWrite(write: TextWrite): VersionWrite {
  let content: VersionWrite['content'] | undefined;
  return Object.defineProperty({ ...write }, 'content', {
    enumerable: true,
    get: () => (content ??= JSON.parse(String(write.contentJson)) as VersionWrite['content']),
  }) as VersionWrite;
}

const DEPTH: Record<FlowBodyKind, number> = { import: MAX_FLOW_FILE_DEPTH, autosave: MAX_JSON_DEPTH };

function parseText(text: string, kind: FlowBodyKind): unknown {
  if (text.trim() === '') throw validationError({ _: ['Send a JSON body'] });
  if (jsonTextDepth(text, DEPTH[kind]) > DEPTH[kind]) throw tooDeep(DEPTH[kind]);
  try {
    // A "__proto__" key stays an own property of plain data here; the domain copies keys with
    // defineProperty (src/domain/flow/json.ts), so none ever becomes a prototype.
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError({ _: ['Body is not valid JSON'] });
  }
}

const withoutContent = ({ content: _content, ...write }: VersionWrite): TextWrite => write;

export function readFlowBody(kind: FlowBodyKind, text: string): FlowBody {
  const body = parseText(text, kind);
  if (kind === 'import') {
    return { kind, write: withoutContent(versionWrite(withDomain(() => fromNestedFlow(body, { id: '', flowId: '' })))) };
  }
  const parsed = parse(autosaveBodySchema, body);
  const flat = flatFromConfiguration(parsed.configuration, { displayName: parsed.display_name });
  return {
    kind,
    versionId: parsed.version_id,
    displayName: parsed.display_name,
    updated: parsed.updated,
    overwrite: parsed.overwrite,
    write: withoutContent(versionWrite(flat, parsed.display_name)),
  };
}
