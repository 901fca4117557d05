/**
 * The 'Test step' section drawn from data, with the shapes POST /workflow/sample and GET
 * /workflow/{id}/samples answer: idle (never tested), testing, a success with its output and console
 * lines, a failure with its error and code, and a request that never reached the step.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { sampleOf, stepTestResultSchema, type StepSample } from '../../../src/api/runs-api.ts';
import { StepTestView, type StepTestViewProps } from '../../../src/ui/screens/editor/settings/step-test-view.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let tests: number;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  tests = 0;
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const NOW = new Date('2026-03-04T12:00:00.000Z');

async function render(props: Partial<StepTestViewProps>) {
  await act(async () =>
    root.render(<StepTestView stepType="CODE" sample={undefined} testing={false} requestError={null} onTest={() => tests++} now={NOW} {...props} />),
  );
  return container.querySelector('section')!;
}

const testButton = () => Array.from(container.querySelectorAll('button')).find((b) => /^(Test step|Testing…)$/.test(b.textContent!.trim()))!;
const text = () => container.textContent!.replace(/\s+/g, ' ');

/** A reply of POST /workflow/sample, checked by the same schema the app uses. */
const reply = (fields: Record<string, unknown>): StepSample =>
  sampleOf(stepTestResultSchema.parse({ stepName: 'step_1', error: null, code: null, logs: [], duration: 42, testedAt: '2026-03-04T11:59:55.000Z', ...fields }));

describe('the Test step section', () => {
  it('is a region named by its heading, with a button and a hint while never tested', async () => {
    const section = await render({});
    const heading = document.getElementById(section.getAttribute('aria-labelledby')!);
    expect(heading?.textContent).toBe('Test step');
    expect(testButton().disabled).toBe(false);
    expect(text()).toContain('Runs this step on its own');
    testButton().click();
    expect(tests).toBe(1);
  });

  it('says Testing… and takes no second click while a test runs', async () => {
    const section = await render({ testing: true });
    expect(testButton().textContent!.trim()).toBe('Testing…');
    expect(testButton().disabled).toBe(true);
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(text()).not.toContain('Runs this step on its own');
  });

  it('shows a success: badge, duration, when, the output as JSON and the console lines of a code step', async () => {
    await render({ sample: reply({ status: 'SUCCEEDED', output: { sum: 3 }, logs: ['adding 1 and 2'], duration: 42 }) });
    const status = container.querySelector('[role="status"]')!;
    expect(status.textContent).toContain('Succeeded');
    expect(status.textContent).toContain('42 ms');
    expect(status.textContent).toContain('Tested 5s ago');
    const output = container.querySelector('.json-viewer-body')!;
    expect(output.textContent).toBe('{\n  "sum": 3\n}');
    expect(container.querySelector('[aria-label="Console output"]')?.textContent).toBe('adding 1 and 2');
    expect(container.querySelector('.alert-error')).toBeNull();
  });

  it('leaves console lines out for a piece step', async () => {
    await render({ stepType: 'PIECE', sample: reply({ status: 'SUCCEEDED', output: { ok: true }, logs: ['ignored'] }) });
    expect(container.querySelector('[aria-label="Console output"]')).toBeNull();
  });

  it('shows a failure: its error and code in a destructive alert, and no output box for its null output', async () => {
    await render({
      sample: reply({ status: 'FAILED', output: null, error: 'The code ran past its time limit', code: 'EXECUTION_TIMEOUT', duration: 10_000 }),
    });
    expect(container.querySelector('[role="status"]')!.textContent).toContain('Failed');
    const alert = container.querySelector('.alert-error')!;
    expect(alert.querySelector('.alert-title')?.textContent).toBe('Error EXECUTION_TIMEOUT');
    expect(alert.querySelector('code')?.textContent).toBe('EXECUTION_TIMEOUT');
    expect(alert.querySelector('pre')?.textContent).toBe('The code ran past its time limit');
    expect(container.querySelector('.json-viewer')).toBeNull();
  });

  it('shows a stored sample (GET samples has no logs, code or duration) with when it was tested', async () => {
    await render({ sample: { status: 'SUCCEEDED', output: 'done', error: null, testedAt: '2026-03-04T11:00:00.000Z' } });
    expect(container.querySelector('[role="status"]')!.textContent).toContain('Tested 1h ago');
    expect(container.querySelector('.json-viewer-body')?.textContent).toBe('"done"');
  });

  it('tells a request that failed apart from a step that failed, keeping the previous result', async () => {
    await render({ requestError: 'Step not found', sample: reply({ status: 'SUCCEEDED', output: { sum: 3 } }) });
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('The test did not run');
    expect(alert.textContent).toContain('Step not found');
    expect(container.querySelector('.json-viewer-body')?.textContent).toBe('{\n  "sum": 3\n}');
  });
});

describe('the trigger’s sample data text', () => {
  it('takes a JSON object (empty means {}), and says what to type for anything else', async () => {
    const { parseSampleText } = await import('../../../src/ui/screens/editor/settings/trigger-tools.tsx');
    expect(parseSampleText('{ "a": 1 }')).toEqual({ input: { a: 1 } });
    expect(parseSampleText('  ')).toEqual({ input: {} });
    for (const text of ['[1]', '3', 'null', '{ nope']) expect(parseSampleText(text)).toEqual({ error: 'Enter a JSON object, like {"name": "Ada"}' });
  });
});
