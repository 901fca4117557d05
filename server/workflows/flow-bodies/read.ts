/**
 * Reading the two large bodies of the workflow service — a flow file (POST /workflow/import) and an
 * autosave — from their raw JSON text to what gets written: depth counted before parsing, the JSON
 * parsed, the domain's checks (which also judge every step's and the trigger's validity: a `valid` in the
 * body is never believed), the stored content as JSON text. Pure of the server's state, so the same
 * code runs inline for small bodies and on a worker thread for large ones (pool.ts), where its hundreds
 * of milliseconds for a 10,000-step flow cannot hold up other requests.
 */
import { fromNestedFlow, jsonTextDepth, MAX_JSON_DEPTH, toNestedFlowJson } from '../../../src/domain/index.ts';
import { isPlainObject } from '../../../src/domain/flow/json.ts';
import { isNestedConfiguration } from '../../../src/domain/contract/version-form.ts';
import { tooDeep } from '../../http/json-body.ts';
import { validationError } from '../../shared/api-error.ts';
import { parse } from '../../http/validate.ts';
import { withDomain } from '../errors.ts';
import { autosaveBodySchema, MAX_FLOW_FILE_DEPTH } from '../schemas.ts';
import { flatFromConfiguration, flatFromRow, versionWrite } from '../service.ts';
import type { VersionContent, VersionWrite } from '../versions-repository.ts';

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
  /** The saved version in the nested form (`{displayName, trigger, valid, schemaVersion}`), when asked for. */
  nestedJson?: string;
}

/** What a read is asked to give besides the write. */
export interface FlowBodyOptions {
  /** Autosave: also the nested form of what was saved, for a reply in that form (?form=nested). */
  nested?: boolean;
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

/**
 * Both bodies may carry the nested form (an autosave's `configuration` may be SPEC §7's trigger chain),
 * which nests a level per step of a chain: the text may be MAX_FLOW_FILE_DEPTH deep. A flat autosave
 * has no reason to nest past MAX_JSON_DEPTH and is still held to it (readFlowBody).
 */
function parseText(text: string): { body: unknown; depth: number } {
  if (text.trim() === '') throw validationError({ _: ['Send a JSON body'] });
  const depth = jsonTextDepth(text, MAX_FLOW_FILE_DEPTH);
  if (depth > MAX_FLOW_FILE_DEPTH) throw tooDeep(MAX_FLOW_FILE_DEPTH);
  try {
    // A "__proto__" key stays an own property of plain data here; the domain copies keys with
    // defineProperty (src/domain/flow/json.ts), so none ever becomes a prototype.
    return { body: JSON.parse(text) as unknown, depth };
  } catch {
    throw validationError({ _: ['Body is not valid JSON'] });
  }
}

const withoutContent = ({ content: _content, ...write }: VersionWrite): TextWrite => write;

export function readFlowBody(kind: FlowBodyKind, text: string, options: FlowBodyOptions = {}): FlowBody {
  const { body, depth } = parseText(text);
  if (kind === 'import') {
    return { kind, write: withoutContent(versionWrite(withDomain(() => fromNestedFlow(body, { id: '', flowId: '' })))) };
  }
  const parsed = parse(autosaveBodySchema, body);
  const nested = isNestedConfiguration(parsed.configuration);
  if (!nested && depth > MAX_JSON_DEPTH) throw tooDeep(MAX_JSON_DEPTH);
  const flat = nested
    ? nestedConfiguration(parsed.configuration, parsed.display_name)
    : flatFromConfiguration(parsed.configuration, { displayName: parsed.display_name });
  return {
    kind,
    versionId: parsed.version_id,
    displayName: parsed.display_name,
    updated: parsed.updated,
    overwrite: parsed.overwrite,
    write: withoutContent(versionWrite(flat, parsed.display_name)),
    ...(options.nested ? { nestedJson: toNestedFlowJson(flat) } : {}),
  };
}

/**
 * SPEC §7's `configuration` as the trigger chain: read by the domain's nested import (a loop over an
 * explicit stack, each node checked on its own), named after the body's `display_name`. Step names are
 * kept when they are step_N within the sparseness bound, else renumbered as an import is.
 */
function nestedConfiguration(configuration: Record<string, unknown>, displayName: string) {
  const trigger = configuration.trigger;
  // A flat trigger (`next` by name) without its `steps` would read as an empty chain: refused instead.
  if (isPlainObject(trigger) && trigger.next !== undefined && trigger.next !== null) {
    throw validationError({ configuration: ["The flat form's trigger.next needs its steps array; the nested form links with trigger.nextAction"] });
  }
  return withDomain(() => fromNestedFlow({ ...configuration, displayName }, { id: '', flowId: '' }));
}

/** The fields of a stored version row that its nested form needs besides the content. */
export interface NestIdentity {
  id: string;
  flow_id: string;
  display_name: string;
  state: 'LOCKED' | 'DRAFT';
  schema_version: string | null;
}

/**
 * A stored version's content (its JSON text, as the database keeps it) as the nested form's JSON text
 * (`{"displayName":…,"trigger":…,"valid":…,"schemaVersion":…}`), for `?form=nested` replies. Pure, so
 * it runs on the reader's thread for large flows (a 50,000-step chain takes seconds).
 */
export function nestStoredContent(identity: NestIdentity, contentText: string): string {
  return toNestedFlowJson(flatFromRow({ ...identity, content: JSON.parse(contentText) as VersionContent }));
}
