/**
 * The editor's run-details panel against a fake server: the run's status, start and duration, its steps
 * in run order with loop bodies at the chosen iteration, the selected step's input, output and error,
 * the iteration picker (previous / next and a number to jump to), and the panel's own buttons. A small
 * host keeps the selection and iterations the way the editor does, starting from initialIterations.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { useState } from 'react';
import type { RunDetail, StepRunRecord } from '../../../src/api/executions-api.ts';
import { RunDetailsPanel } from '../../../src/ui/screens/editor/panels/run-details-panel.tsx';
import { failedStepOf, initialIterations } from '../../../src/ui/screens/editor/panels/run-overlay.ts';
import { blur, button, click, createHarness, press, textOf, typeInto, type Handler } from './harness.tsx';

const h = createHarness();
afterEach(() => h.cleanup());

const record = (stepName: string, displayName: string, extra: Partial<StepRunRecord> = {}): StepRunRecord => ({
  stepName,
  displayName,
  type: 'CODE',
  status: 'SUCCEEDED',
  input: null,
  output: null,
  error: null,
  duration: 120,
  ...extra,
});

/** trigger → step_1 → step_2 (loop over 3 items: step_3, which fails on the third) */
const FAILED_RUN: RunDetail = {
  id: 'run-1',
  flowId: 'flow-1',
  workflowName: 'Send invoices',
  versionId: 'v1',
  status: 'FAILED',
  startTime: new Date(Date.now() - 60_000).toISOString(),
  finishTime: new Date().toISOString(),
  duration: 2_500,
  steps: [
    record('trigger', 'Every day', { type: 'PIECE_TRIGGER', output: { fired: true } }),
    record('step_1', 'Fetch invoices', { input: { url: 'https://example.com/invoices' }, output: { count: 3 } }),
    {
      ...record('step_2', 'For each invoice', { type: 'LOOP_ON_ITEMS', status: 'FAILED', duration: 900 }),
      iterations: [1, 2, 3].map((item) => [
        record('step_3', 'Send email', {
          input: { item },
          output: item < 3 ? { sent: item } : null,
          status: item < 3 ? 'SUCCEEDED' : 'FAILED',
          error: item < 3 ? null : `SMTP refused invoice ${item}`,
        }),
      ]),
    },
  ],
};

interface Calls {
  selected: string[];
  iterations: Array<[string, number]>;
  back: number;
  closed: number;
}

async function renderPanel(handler: Handler, options: { selected?: string | null; iterations?: Record<string, number>; run?: RunDetail } = {}) {
  const calls: Calls = { selected: [], iterations: [], back: 0, closed: 0 };
  const shownRun = options.run ?? FAILED_RUN;
  function Host() {
    const [selected, setSelected] = useState<string | null>(options.selected === undefined ? failedStepOf(shownRun) : options.selected);
    const [iterations, setIterations] = useState<Record<string, number>>(options.iterations ?? initialIterations(shownRun));
    return (
      <RunDetailsPanel
        onOpenRun={() => {}}
        runId="run-1"
        selectedStep={selected}
        iterations={iterations}
        onIterationChange={(loop, index) => {
          calls.iterations.push([loop, index]);
          setIterations((current) => ({ ...current, [loop]: index }));
        }}
        onSelectStep={(name) => {
          calls.selected.push(name);
          setSelected(name);
        }}
        onBack={() => {
          calls.back += 1;
        }}
        onClose={() => {
          calls.closed += 1;
        }}
      />
    );
  }
  h.serve(handler);
  await h.render(<Host />);
  return calls;
}

const serveRun = (run: RunDetail = FAILED_RUN): Handler => ({ url }) =>
  url.pathname === `/api/workflow/execution/${run.id}` ? { body: run } : { status: 404, body: { code: 'ENTITY_NOT_FOUND', message: 'Execution not found' } };

const panel = () => document.querySelector('aside[aria-label="Run details"]')!;
const stepRows = () => Array.from(panel().querySelectorAll('ol > li'));
const stepButton = (name: string) => Array.from(panel().querySelectorAll<HTMLButtonElement>('.panel-step-button')).find((b) => b.querySelector('.panel-step-name')!.textContent === name);
const details = () => panel().querySelector('section[aria-label$=" details"]');
const jsonOf = (label: string) => {
  const viewer = Array.from(details()!.querySelectorAll('.json-viewer')).find((v) => v.querySelector('.json-viewer-label')!.textContent === label);
  return viewer ? JSON.parse(viewer.querySelector('pre')!.textContent!) : undefined;
};
const picker = () => panel().querySelector('[role="group"][aria-label="Iterations of For each invoice"]')!;

describe('RunDetailsPanel', () => {
  it('shows the run’s status, start and duration, and its steps in run order', async () => {
    await renderPanel(serveRun(), { selected: null });
    expect(h.requests.map((r) => r.url.pathname)).toEqual(['/api/workflow/execution/run-1']);
    expect(panel().querySelector('h2')!.textContent).toBe('Run details');
    const facts = Object.fromEntries(Array.from(panel().querySelectorAll('dl > div'), (fact) => [textOf(fact.querySelector('dt')), textOf(fact.querySelector('dd'))]));
    expect(facts).toEqual({ Status: 'Failed', Started: expect.stringMatching(/^(Today|Yesterday) at \d+:\d\d [AP]M$/), Duration: '2.5 s' });
    expect(stepRows().map((row) => row.querySelector('.panel-step-name')!.textContent)).toEqual([
      'Every day',
      'Fetch invoices',
      'For each invoice',
      'Send email',
    ]);
    // The loop's body sits one level in; each step's status is named for screen readers.
    expect(stepRows().map((row) => (row as HTMLElement).style.getPropertyValue('--depth'))).toEqual(['0', '0', '0', '1']);
    expect(stepRows()[2]!.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Failed');
    expect(details()).toBeNull();
    expect(textOf(panel())).toContain('Select a step to see its input and output.');
  });

  it('opens on the failed step in the failing iteration with its error and input', async () => {
    await renderPanel(serveRun());
    expect(textOf(picker())).toContain('Iteration 3 of 3');
    expect(stepButton('Send email')!.getAttribute('aria-current')).toBe('true');
    expect(textOf(details())).toContain('Failed');
    expect(textOf(details()!.querySelector('.alert .alert-title'))).toBe('Error');
    expect(textOf(details()!.querySelector('.alert pre'))).toBe('SMTP refused invoice 3');
    expect(jsonOf('Input')).toEqual({ item: 3 });
    expect(jsonOf('Output')).toBeUndefined();
  });

  it('opens a loop that went on after the failed step on its maximum iteration (SPEC §4), not the failing one', async () => {
    // The email step continues on failure: the second invoice fails, the loop runs all four.
    const loopRecord = FAILED_RUN.steps[2]!;
    const continued: RunDetail = {
      ...FAILED_RUN,
      steps: [
        ...FAILED_RUN.steps.slice(0, 2),
        {
          ...loopRecord,
          iterations: [1, 2, 3, 4].map((item) => [
            record('step_3', 'Send email', {
              input: { item },
              output: item === 2 ? null : { sent: item },
              status: item === 2 ? 'FAILED' : 'SUCCEEDED',
              error: item === 2 ? `SMTP refused invoice ${item}` : null,
            }),
          ]),
        },
      ],
    };
    const calls = await renderPanel(serveRun(continued), { run: continued });
    expect(textOf(picker())).toContain('Iteration 4 of 4');
    expect(stepButton('Send email')!.getAttribute('aria-current')).toBe('true');
    expect(jsonOf('Input')).toEqual({ item: 4 });
    // The failing iteration is one step back with the picker.
    await click(button('Previous iteration', picker()));
    await click(button('Previous iteration', picker()));
    expect(calls.iterations).toEqual([['step_2', 2], ['step_2', 1]]);
    expect(textOf(details()!.querySelector('.alert pre'))).toBe('SMTP refused invoice 2');
  });

  it('shows a selected step’s input and output as JSON, and selects a step when it is clicked', async () => {
    const calls = await renderPanel(serveRun(), { selected: 'step_1' });
    expect(jsonOf('Input')).toEqual({ url: 'https://example.com/invoices' });
    expect(jsonOf('Output')).toEqual({ count: 3 });
    expect(details()!.querySelector('.alert')).toBeNull();

    await click(stepButton('Every day'));
    expect(calls.selected).toEqual(['trigger']);
    expect(jsonOf('Output')).toEqual({ fired: true });
    expect(jsonOf('Input')).toBeUndefined();
    expect(panel().querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  });

  it('steps through a loop’s iterations with previous and next', async () => {
    const calls = await renderPanel(serveRun());
    expect(button('Next iteration', picker())!.disabled).toBe(true);
    await click(button('Previous iteration', picker()));
    expect(calls.iterations).toEqual([['step_2', 1]]);
    expect(textOf(picker())).toContain('Iteration 2 of 3');
    // The selected step now shows its record of the second iteration.
    expect(jsonOf('Input')).toEqual({ item: 2 });
    expect(jsonOf('Output')).toEqual({ sent: 2 });
    expect(details()!.querySelector('.alert')).toBeNull();
    expect(stepRows()[3]!.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Succeeded');
    await click(button('Previous iteration', picker()));
    expect(button('Previous iteration', picker())!.disabled).toBe(true);
    expect(textOf(picker())).toContain('Iteration 1 of 3');
  });

  it('jumps to an iteration typed in the number field, ignoring numbers out of range', async () => {
    const calls = await renderPanel(serveRun());
    const input = picker().querySelector<HTMLInputElement>('input[type="number"]')!;
    expect(input.getAttribute('aria-label')).toBe('Go to iteration of For each invoice');
    expect(input.value).toBe('3');
    await typeInto(input, '1');
    expect(calls.iterations).toEqual([['step_2', 0]]);
    expect(textOf(picker())).toContain('Iteration 1 of 3');
    expect(jsonOf('Input')).toEqual({ item: 1 });

    await typeInto(input, '9');
    await typeInto(input, '0');
    await typeInto(input, '1.5');
    expect(calls.iterations).toEqual([['step_2', 0]]);
    expect(textOf(picker())).toContain('Iteration 1 of 3');
    await blur(input);
    expect(input.value).toBe('1');
  });

  it('picks each level of nested loops separately', async () => {
    const nested: RunDetail = {
      ...FAILED_RUN,
      id: 'run-2',
      status: 'SUCCEEDED',
      steps: [
        {
          ...record('step_1', 'Each customer', { type: 'LOOP_ON_ITEMS' }),
          iterations: [
            [{ ...record('step_2', 'Each order', { type: 'LOOP_ON_ITEMS' }), iterations: [[record('step_3', 'Bill', { output: 'a1' })]] }],
            [
              {
                ...record('step_2', 'Each order', { type: 'LOOP_ON_ITEMS' }),
                iterations: [[record('step_3', 'Bill', { output: 'b1' })], [record('step_3', 'Bill', { output: 'b2' })]],
              },
            ],
          ],
        },
      ],
    };
    h.serve(serveRun(nested));
    function Host() {
      const [iterations, setIterations] = useState<Record<string, number>>(initialIterations(nested));
      return (
        <RunDetailsPanel
          onOpenRun={() => {}}
          runId="run-2"
          selectedStep="step_3"
          iterations={iterations}
          onIterationChange={(loop, index) => setIterations((current) => ({ ...current, [loop]: index }))}
          onSelectStep={() => {}}
          onBack={() => {}}
          onClose={() => {}}
        />
      );
    }
    await h.render(<Host />);
    const outer = () => panel().querySelector('[aria-label="Iterations of Each customer"]')!;
    const inner = () => panel().querySelector('[aria-label="Iterations of Each order"]')!;
    expect([textOf(outer()), textOf(inner())]).toEqual(['Iteration 1 of 2', 'Iteration 1 of 1']);
    expect(jsonOf('Output')).toBe('a1');
    await click(button('Next iteration', outer()));
    expect(textOf(inner())).toBe('Iteration 1 of 2');
    await click(button('Next iteration', inner()));
    expect(textOf(inner())).toBe('Iteration 2 of 2');
    expect(jsonOf('Output')).toBe('b2');
    expect(stepRows().map((row) => (row as HTMLElement).style.getPropertyValue('--depth'))).toEqual(['0', '1', '2']);
  });

  it('says when the selected step did not run at the iterations shown', async () => {
    await renderPanel(serveRun(), { selected: 'step_9' });
    expect(textOf(panel().querySelector('[role="status"]'))).toBe('step_9 did not run in the iterations shown.');
    expect(details()).toBeNull();
  });

  it('goes back to the runs, closes, and closes on Escape', async () => {
    const calls = await renderPanel(serveRun());
    await click(button('Back to runs', panel()));
    expect(calls.back).toBe(1);
    await click(button('Close panel', panel()));
    await press(picker().querySelector('input')!, 'Escape');
    expect(calls.closed).toBe(2);
  });

  it('says when the run does not exist', async () => {
    h.serve(() => ({ status: 404, body: { code: 'ENTITY_NOT_FOUND', message: 'Execution not found' } }));
    await h.render(
      <RunDetailsPanel runId="gone" selectedStep={null} iterations={{}} onIterationChange={() => {}} onSelectStep={() => {}} onOpenRun={() => {}} onBack={() => {}} onClose={() => {}} />,
    );
    expect(textOf(panel())).toContain('Run not found');
    expect(button('Back to runs', panel())).toBeDefined();
  });
});
