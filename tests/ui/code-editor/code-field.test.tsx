/**
 * The code field in the step settings panel, with the real CodeMirror (loaded lazily, as in the app):
 * labelled and described for assistive technology; typing goes through the panel's draft path as one
 * undo group; Tab indents; Escape then Tab lets focus leave and a second Escape closes the panel; an undo
 * of the flow comes back into the editor; syntax errors are named under it; read-only sends nothing.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { EditorView } from '@codemirror/view';
import type { FlatVersion } from '../../../src/domain/index.ts';
import { applyTo, blur, PanelHarness, press, versionWith } from '../editor-settings/harness.tsx';

let panel: PanelHarness;
afterEach(async () => panel.unmount());

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

/** Opens the panel on a code step and waits for CodeMirror to replace the loading view. */
async function openCode(version: FlatVersion = versionWith({ type: 'CODE' }), readOnly = false) {
  panel = new PanelHarness(version, 'step_1', readOnly);
  await panel.render();
  for (let i = 0; i < 100 && !panel.container.querySelector('.cm-content'); i++) await wait(10);
  const content = panel.container.querySelector<HTMLElement>('.cm-content');
  if (!content) throw new Error('CodeMirror did not load');
  const view = EditorView.findFromDOM(content)!;
  return { content, view };
}

const codeOf = (version: FlatVersion) => (version.steps[1] as { settings: { sourceCode: { code: string } } }).settings.sourceCode.code;

async function typeAt(view: EditorView, pos: number, text: string) {
  await act(async () => view.dispatch({ changes: { from: pos, insert: text }, selection: { anchor: pos + text.length }, userEvent: 'input.type' }));
}

async function replaceAll(view: EditorView, text: string) {
  await act(async () => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.paste' }));
}

const tab = (content: HTMLElement, init: KeyboardEventInit = {}) => press(content, 'Tab', { keyCode: 9, ...init } as KeyboardEventInit);
const escape = (content: HTMLElement) => press(content, 'Escape', { keyCode: 27 } as KeyboardEventInit);

describe('the code field', () => {
  it('shows the step’s code as a labelled, described textbox', async () => {
    const { content, view } = await openCode();
    expect(view.state.doc.toString()).toBe(codeOf(panel.version));
    expect(content.getAttribute('role')).toBe('textbox');
    expect(content.getAttribute('aria-multiline')).toBe('true');
    expect(document.getElementById(content.getAttribute('aria-labelledby')!)?.textContent).toBe('Code*');
    const description = content.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(description).toContain('Tab indents. Press Escape, then Tab, to move on. Ctrl/Cmd+F searches the code, Ctrl+Space suggests.');
    expect(panel.container.querySelector('.cm-lineNumbers')).not.toBeNull();
  });

  it('sends each edit as the step’s update, grouped as typing in the code field', async () => {
    const { view } = await openCode();
    await replaceAll(view, 'export const code = async () => 1;');
    await typeAt(view, view.state.doc.length, '\n');
    expect(panel.lastRequest).toMatchObject({ settings: { sourceCode: { code: 'export const code = async () => 1;\n', packageJson: '{}' } } });
    expect(panel.sent.at(-1)?.options).toEqual({ groupKey: 'update:step_1:settings.sourceCode.code' });
    expect(panel.judged).toBe(true);
  });

  it('indents with Tab (two spaces at the caret), and Shift+Tab is left to move focus back', async () => {
    const { content, view } = await openCode();
    await replaceAll(view, 'return 1;');
    await act(async () => view.dispatch({ selection: { anchor: 0 } }));
    expect((await tab(content)).defaultPrevented).toBe(true);
    expect(codeOf(panel.version)).toBe('  return 1;');
    expect((await tab(content, { shiftKey: true })).defaultPrevented).toBe(false);
    expect(codeOf(panel.version)).toBe('  return 1;');
  });

  it('lets focus leave with Escape then Tab; the first Escape keeps the panel open, a second closes it', async () => {
    const { content, view } = await openCode();
    const before = view.state.doc.toString();
    expect((await escape(content)).defaultPrevented).toBe(true);
    expect(panel.closed).toBe(0);
    expect((await tab(content)).defaultPrevented).toBe(false);
    expect(view.state.doc.toString()).toBe(before);
    // The browser moves focus on; coming back, Escape starts over.
    await act(async () => {
      content.dispatchEvent(new FocusEvent('blur'));
      content.dispatchEvent(new FocusEvent('focus'));
    });
    await escape(content);
    expect(panel.closed).toBe(0);
    await escape(content);
    expect(panel.closed).toBe(1);
  });

  it('shows a value changed from outside (an undo of the flow) without sending it back', async () => {
    const { view } = await openCode();
    const original = panel.version;
    await replaceAll(view, 'export const code = async () => 2;');
    const sent = panel.sent.length;
    await panel.show(original);
    expect(view.state.doc.toString()).toBe(codeOf(original));
    expect(panel.sent.length).toBe(sent);
    await panel.show(applyTo(original, { type: 'UPDATE_ACTION', request: { ...original.steps[1]!, settings: { ...(original.steps[1] as { settings: object }).settings, sourceCode: { code: 'redo', packageJson: '{}' } } } as never }));
    expect(view.state.doc.toString()).toBe('redo');
    expect(panel.sent.length).toBe(sent);
  });

  it('names a syntax error under the editor and marks the field invalid', async () => {
    const { content, view } = await openCode();
    await replaceAll(view, 'export const code = async (inputs) => {\n  return inputs.a +;\n};');
    await wait(450);
    const problem = panel.container.querySelector('.code-editor-problem');
    expect(problem?.textContent).toBe('Syntax error on line 2: Unexpected “;”.');
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(content.getAttribute('aria-describedby')).toContain(problem!.id);
    await replaceAll(view, 'export const code = async (inputs) => inputs.a;');
    await wait(450);
    expect(panel.container.querySelector('.code-editor-problem')).toBeNull();
    expect(content.getAttribute('aria-invalid')).toBeNull();
  });

  it('says Required once blank code loses focus, and the step is invalid', async () => {
    const { content, view } = await openCode();
    await replaceAll(view, '   ');
    expect(panel.judged).toBe(false);
    await act(async () => {
      content.dispatchEvent(new FocusEvent('blur'));
    });
    await blur(content);
    expect(panel.container.querySelector('.settings-code .field-error:not(.code-editor-problem)')?.textContent).toBe('Required');
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(panel.breaks).toBeGreaterThan(0);
  });

  it('is read-only on a locked version: the code shows, nothing is sent', async () => {
    const { content, view } = await openCode(versionWith({ type: 'CODE' }), true);
    expect(content.getAttribute('aria-readonly')).toBe('true');
    expect(view.state.readOnly).toBe(true);
    expect((await tab(content)).defaultPrevented).toBe(false);
    expect(panel.sent).toEqual([]);
  });
});
