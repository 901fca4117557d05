/**
 * What is wrong with a flow file, in the words of the person importing it — for the workflow list's
 * Import (a new workflow, read by the server) and the editor's (replacing the open flow, read by the
 * editor core). Both readers speak the domain's importer (src/domain/flow/nested-import.ts), whose
 * sentences are written for API callers ('The flow has no displayName'); `importProblemMessage` turns
 * each of them into one a user can act on. The checks a browser can make before sending anything (size,
 * JSON, depth, an object at the top) are `checkFlowFileText`, with the server's own limits.
 */
import { jsonTextDepth } from '../../../domain/json-limits.ts';
import { LARGE_BODY_LIMIT, MAX_FLOW_FILE_DEPTH } from '../../../domain/contract/workflows.ts';

const NOT_A_WORKFLOW = 'This file is not a Flowsmith or Activepieces workflow';
const CANNOT_IMPORT = 'This workflow cannot be imported';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;

export const IMPORT_MESSAGES = {
  tooLarge: (bytes?: number) =>
    `This file is too large to import: a workflow file can be at most ${megabytes(LARGE_BODY_LIMIT)}${bytes === undefined ? '' : `, and this one is ${megabytes(bytes)}`}.`,
  notJson: `${NOT_A_WORKFLOW}: it is not JSON. Choose a workflow exported as a .json file.`,
  // Read when needed: formatting a number here ran the page's first Intl call (ICU's set-up) while the editor loaded.
  get tooDeep() {
    return `${NOT_A_WORKFLOW}: it nests more than ${MAX_FLOW_FILE_DEPTH.toLocaleString('en-US')} levels deep, deeper than any workflow.`;
  },
  notObject: `${NOT_A_WORKFLOW}: it holds a list or a single value where a workflow should be.`,
  noName: `${NOT_A_WORKFLOW}: it has no name (displayName).`,
  noTrigger: `${NOT_A_WORKFLOW}: it has no trigger.`,
} as const;

/** The domain's importer sentences (nested-import.ts) and the server's limits, each with its words. */
const TRANSLATIONS: ReadonlyArray<readonly [RegExp, (match: RegExpMatchArray) => string]> = [
  [/^A flow must be an object/, () => IMPORT_MESSAGES.notObject],
  [/^The flow has no displayName/, () => IMPORT_MESSAGES.noName],
  [/^The trigger is not an object/, () => IMPORT_MESSAGES.noTrigger],
  [/^The trigger is malformed: (.*)$/, (m) => `${CANNOT_IMPORT}: its trigger is damaged (${m[1]}).`],
  [/^Step #(\d+) \(in flow order\) is not an object/, (m) => `${CANNOT_IMPORT}: its step number ${m[1]} is not a step.`],
  [
    /^(Step '.*'|Step #\d+ \(in flow order\)) has type '(.*)'; steps are/,
    (m) => `${CANNOT_IMPORT}: ${lower(m[1]!)} is of type '${m[2]}', which Flowsmith does not have (its steps are Code, Piece, Loop on Items and Router).`,
  ],
  [/^(Step '.*'|Step #\d+ \(in flow order\)) is malformed: (.*)$/, (m) => `${CANNOT_IMPORT}: ${lower(m[1]!)} is damaged (${m[2]}).`],
  [/^A flow holds at most (\d+) steps/, (m) => `${CANNOT_IMPORT}: it has more than ${Number(m[1]).toLocaleString('en-US')} steps.`],
  [/^Step '(.*)' appears twice in the flow/, (m) => `${CANNOT_IMPORT}: step '${m[1]}' appears twice in it.`],
  [/^Router '(.*)' has (\d+) branches but (.*) children/, (m) => `${CANNOT_IMPORT}: router '${m[1]}' has ${m[2]} branches but ${m[3]} ${m[3] === '1' ? 'path' : 'paths'} under them.`],
  [/^A step is named 'trigger'/, () => `${CANNOT_IMPORT}: one of its steps is named 'trigger', the name only the trigger may have.`],
  [/^Two steps are named '(.*)'/, (m) => `${CANNOT_IMPORT}: two of its steps are named '${m[1]}'.`],
  [/^(The file|Body) is not valid JSON/, () => IMPORT_MESSAGES.notJson],
  [/^The request body nests deeper than/, () => IMPORT_MESSAGES.tooDeep],
  [/^Request body is too large/, () => IMPORT_MESSAGES.tooLarge()],
];

function lower(subject: string): string {
  return subject.replace(/^Step #(\d+) \(in flow order\)/, 'step number $1').replace(/^Step /, 'step ');
}

/** The user's words for an importer's or the server's refusal; a sentence not known here keeps its own words. */
export function importProblemMessage(message: string | undefined | null): string {
  const text = (message ?? '').trim();
  for (const [pattern, words] of TRANSLATIONS) {
    const match = pattern.exec(text);
    if (match) return words(match);
  }
  return text ? `${CANNOT_IMPORT}: ${text.replace(/\.$/, '')}.` : `${CANNOT_IMPORT}.`;
}

/** What a picked file holds, once it passed the checks a browser can make. */
export interface FlowFile {
  text: string;
  /** The workflow's name in the file (the confirm question names it). */
  displayName: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The checks made before anything is sent or replaced: the server's size and depth limits, JSON, an
 * object at the top with a name and a trigger. Answers the file, or the user's words for the first
 * problem; what is wrong deeper in (a step) is the importer's to say.
 */
export function checkFlowFileText(text: string, bytes: number): FlowFile | { problem: string } {
  if (bytes > LARGE_BODY_LIMIT) return { problem: IMPORT_MESSAGES.tooLarge(bytes) };
  // Counted before parsing, as the server does: JSON.parse is iterative, but nothing after it would be.
  if (jsonTextDepth(text, MAX_FLOW_FILE_DEPTH + 1) > MAX_FLOW_FILE_DEPTH) return { problem: IMPORT_MESSAGES.tooDeep };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: IMPORT_MESSAGES.notJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: IMPORT_MESSAGES.notObject };
  const record = value as Record<string, unknown>;
  // A template file carries its flow under `template`, as the importer reads it.
  const flow = isObject(record.template) ? record.template : record;
  // The importer's first two checks, made here so a wrong file is told before anything is asked.
  if (typeof flow.displayName !== 'string') return { problem: IMPORT_MESSAGES.noName };
  if (!isObject(flow.trigger)) return { problem: IMPORT_MESSAGES.noTrigger };
  return { text, displayName: flow.displayName };
}

/** Reads a picked file and checks it (`checkFlowFileText`); a file too large is not read at all. */
export async function readFlowFile(file: File): Promise<FlowFile | { problem: string }> {
  if (file.size > LARGE_BODY_LIMIT) return { problem: IMPORT_MESSAGES.tooLarge(file.size) };
  return checkFlowFileText(await file.text(), file.size);
}
