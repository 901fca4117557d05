/**
 * Every way a flow file can be refused, in the importing user's words: the browser's own checks (size,
 * JSON, depth, an object), and each sentence of the domain's importer — produced here by the real
 * importer on a broken file, so a change of its wording fails this test instead of reaching users as
 * 'The flow has no displayName'.
 */
import { describe, expect, it } from '@rstest/core';
import { fromNestedFlow } from '../../src/domain/index.ts';
import { LARGE_BODY_LIMIT, MAX_FLOW_FILE_DEPTH } from '../../src/domain/contract/workflows.ts';
import { checkFlowFileText, IMPORT_MESSAGES, importProblemMessage } from '../../src/ui/components/workflows/import-problems.ts';

const trigger = {
  name: 'trigger',
  type: 'PIECE_TRIGGER',
  displayName: 'Run manually',
  valid: true,
  settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {}, inputUiInfo: {} },
};
const code = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'CODE',
  displayName: 'Code',
  valid: true,
  settings: { sourceCode: { code: 'export const code = async () => 1', packageJson: '{}' }, input: {} },
  ...extra,
});

/** What the importer says about `file`, as the user reads it. */
function told(file: unknown): string {
  try {
    fromNestedFlow(file);
  } catch (error) {
    return importProblemMessage((error as Error).message);
  }
  throw new Error('the importer took the file');
}

describe('the importer’s refusals, in the user’s words', () => {
  it('a file without a workflow’s shape', () => {
    expect(told([1, 2])).toBe('This file is not a Flowsmith or Activepieces workflow: it holds a list or a single value where a workflow should be.');
    expect(told({ trigger })).toBe('This file is not a Flowsmith or Activepieces workflow: it has no name (displayName).');
    expect(told({ displayName: 'Orders' })).toBe('This file is not a Flowsmith or Activepieces workflow: it has no trigger.');
  });

  it('a damaged trigger or step, named', () => {
    expect(told({ displayName: 'x', trigger: { ...trigger, type: 42 } })).toMatch(/^This workflow cannot be imported: its trigger is damaged \(.+\)\.$/);
    expect(told({ displayName: 'x', trigger: { ...trigger, nextAction: 'oops' } })).toBe('This workflow cannot be imported: its step number 1 is not a step.');
    expect(told({ displayName: 'x', trigger: { ...trigger, nextAction: code('step_1', { type: 'EMAIL' }) } })).toBe(
      "This workflow cannot be imported: step 'step_1' is of type 'EMAIL', which Flowsmith does not have (its steps are Code, Piece, Loop on Items and Router).",
    );
    expect(told({ displayName: 'x', trigger: { ...trigger, nextAction: code('step_1', { displayName: 7 }) } })).toMatch(
      /^This workflow cannot be imported: step 'step_1' is damaged \(.+\)\.$/,
    );
  });

  it('names that clash', () => {
    expect(told({ displayName: 'x', trigger: { ...trigger, nextAction: code('step_1', { nextAction: code('step_1') }) } })).toBe(
      "This workflow cannot be imported: two of its steps are named 'step_1'.",
    );
    expect(told({ displayName: 'x', trigger: { ...trigger, nextAction: code('trigger') } })).toBe(
      "This workflow cannot be imported: one of its steps is named 'trigger', the name only the trigger may have.",
    );
  });

  it('a router whose paths do not match its branches', () => {
    const router = {
      name: 'step_1',
      type: 'ROUTER',
      displayName: 'Router',
      valid: true,
      settings: {
        executionType: 'EXECUTE_FIRST_MATCH',
        branches: [
          { branchName: 'Branch 1', branchType: 'CONDITION', conditions: [[{ firstValue: '', operator: 'TEXT_CONTAINS', secondValue: '', caseSensitive: false }]] },
          { branchName: 'Otherwise', branchType: 'FALLBACK' },
        ],
      },
      children: [null],
    };
    expect(told({ displayName: 'x', trigger: { ...trigger, nextAction: router } })).toBe(
      "This workflow cannot be imported: router 'step_1' has 2 branches but 1 path under them.",
    );
  });

  it('the server’s and the editor core’s own refusals', () => {
    expect(importProblemMessage('The file is not valid JSON')).toBe(IMPORT_MESSAGES.notJson);
    expect(importProblemMessage('Request body is too large')).toBe('This file is too large to import: a workflow file can be at most 20 MB.');
    expect(importProblemMessage('The request body nests deeper than 100000 levels')).toBe(IMPORT_MESSAGES.tooDeep);
    expect(importProblemMessage('Something new')).toBe('This workflow cannot be imported: Something new.');
    expect(importProblemMessage(undefined)).toBe('This workflow cannot be imported.');
  });
});

describe('checkFlowFileText, before anything is sent', () => {
  it('answers the text and the workflow’s name (a template’s too); no name or no trigger is refused', () => {
    const text = JSON.stringify({ displayName: 'Orders', trigger });
    expect(checkFlowFileText(text, text.length)).toEqual({ text, displayName: 'Orders' });
    const template = JSON.stringify({ template: { displayName: 'From a template', trigger } });
    expect(checkFlowFileText(template, template.length)).toMatchObject({ displayName: 'From a template' });
    expect(checkFlowFileText('{"trigger": {}}', 15)).toEqual({ problem: IMPORT_MESSAGES.noName });
    expect(checkFlowFileText('{"displayName": "x", "trigger": []}', 35)).toEqual({ problem: IMPORT_MESSAGES.noTrigger });
  });

  it('refuses a file too large, not JSON, too deep, or not an object', () => {
    expect(checkFlowFileText('{}', LARGE_BODY_LIMIT + 1024 * 1024)).toEqual({
      problem: 'This file is too large to import: a workflow file can be at most 20 MB, and this one is 21 MB.',
    });
    expect(checkFlowFileText('{"displayName": ', 16)).toEqual({ problem: IMPORT_MESSAGES.notJson });
    const deep = '['.repeat(MAX_FLOW_FILE_DEPTH + 1) + ']'.repeat(MAX_FLOW_FILE_DEPTH + 1);
    expect(checkFlowFileText(deep, deep.length)).toEqual({ problem: IMPORT_MESSAGES.tooDeep });
    expect(checkFlowFileText('"a flow"', 8)).toEqual({ problem: IMPORT_MESSAGES.notObject });
    expect(IMPORT_MESSAGES.tooDeep).toBe('This file is not a Flowsmith or Activepieces workflow: it nests more than 100,000 levels deep, deeper than any workflow.');
  });
});
