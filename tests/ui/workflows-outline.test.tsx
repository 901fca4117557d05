/**
 * The editor's read-only outline: rows in flow order with loop bodies and router branches indented and
 * named, and the windowed list rendering only the rows in view — so 10,000 steps stay responsive.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fromNestedFlow, stepsInOrder, type FlatVersion } from '../../src/domain/index.ts';
import { outlineRows, countSteps } from '../../src/ui/components/flow/step-rows.ts';
import { visibleRange } from '../../src/ui/components/data/window-math.ts';
import { StepOutline, OUTLINE_ROW_HEIGHT } from '../../src/ui/components/flow/step-outline.tsx';
import activepiecesExport from '../../e2e/fixtures/activepieces-flow.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function chainFlow(size: number): FlatVersion {
  let nested: Record<string, unknown> | undefined;
  for (let i = size; i >= 1; i--) {
    nested = {
      name: `step_${i}`,
      type: 'CODE',
      displayName: `Code ${i}`,
      valid: true,
      settings: { sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' }, input: {} },
      nextAction: nested,
    };
  }
  return fromNestedFlow({ displayName: `Chain ${size}`, trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Start', valid: true, settings: {}, nextAction: nested } });
}

/** A row as 'depth:what' so the whole outline reads at a glance. */
function describeRows(version: FlatVersion): string[] {
  return outlineRows(version).map((row) => {
    if (row.kind === 'trigger') return `0:trigger`;
    if (row.kind === 'step') return `${row.depth}:${row.step.name}`;
    if (row.kind === 'branch') return `${row.depth}:[${row.branchName}${row.fallback ? ' (fallback)' : ''}]`;
    return `${row.depth}:(${row.label})`;
  });
}

describe('outline rows', () => {
  const version = fromNestedFlow(activepiecesExport);

  it('lists the steps in flow order, loop bodies and branches indented, every branch named', () => {
    expect(describeRows(version)).toEqual([
      '0:trigger',
      '0:step_1',
      '0:step_2',
      '1:step_3',
      '1:step_4',
      '0:step_5',
      '1:[Big orders]',
      '2:step_6',
      '1:[Has coupon]',
      '2:(No steps in this branch)',
      '1:[Otherwise (fallback)]',
      '2:step_7',
      '0:step_8',
    ]);
  });

  it('visits the steps exactly as the domain orders them', () => {
    const steps = outlineRows(version).flatMap((row) => (row.kind === 'step' ? [row.step.name] : []));
    expect(steps).toEqual(stepsInOrder(version).map((s) => s.name));
    expect(countSteps(version)).toBe(8);
  });

  it('walks 10,000 steps without recursion', () => {
    const rows = outlineRows(chainFlow(10_000));
    expect(rows).toHaveLength(10_001);
    expect(rows.at(-1)).toMatchObject({ kind: 'step', depth: 0, key: 'step_10000' });
  });
});

describe('visibleRange', () => {
  const base = { rowHeight: 48, count: 10_000, viewportHeight: 480, overscan: 0 };

  it('picks exactly the rows in view', () => {
    expect(visibleRange({ ...base, scrollTop: 0 })).toEqual({ start: 0, end: 10 });
    // scrolled by half a row: row 0 is still partly visible, and row 10 appears at the bottom
    expect(visibleRange({ ...base, scrollTop: 24 })).toEqual({ start: 0, end: 11 });
    expect(visibleRange({ ...base, scrollTop: 48 * 5000 })).toEqual({ start: 5000, end: 5010 });
  });

  it('adds the overscan and stays inside the list', () => {
    expect(visibleRange({ ...base, scrollTop: 48 * 100, overscan: 5 })).toEqual({ start: 95, end: 115 });
    expect(visibleRange({ ...base, scrollTop: 48 * 9995, overscan: 5 })).toEqual({ start: 9990, end: 10_000 });
    expect(visibleRange({ ...base, scrollTop: 10_000_000, overscan: 5 })).toEqual({ start: 9994, end: 10_000 });
    expect(visibleRange({ ...base, scrollTop: -50 })).toEqual({ start: 0, end: 10 });
    expect(visibleRange({ ...base, count: 3, scrollTop: 0 })).toEqual({ start: 0, end: 3 });
    expect(visibleRange({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
  });
});

describe('<StepOutline>', () => {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  const renderedNames = () => Array.from(container.querySelectorAll('.outline-step-name')).map((el) => el.textContent);

  it('renders a screenful of a 10,000-step flow, and the rows under the scroll position after scrolling', async () => {
    await act(async () => root.render(<StepOutline version={chainFlow(10_000)} />));
    const items = container.querySelectorAll('[role="listitem"]');
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThan(60);
    expect(renderedNames()[0]).toBe('trigger');
    expect(items[1]!.getAttribute('aria-setsize')).toBe('10001');
    const spacer = container.querySelector<HTMLElement>('[role="list"]')!;
    expect(spacer.style.height).toBe(`${10_001 * OUTLINE_ROW_HEIGHT}px`);

    const viewport = container.querySelector<HTMLElement>('.windowed-viewport')!;
    await act(async () => {
      viewport.scrollTop = 5000 * OUTLINE_ROW_HEIGHT;
      viewport.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50)); // the update waits for an animation frame
    });
    const names = renderedNames();
    expect(names).toContain('step_5000');
    expect(names).not.toContain('trigger');
    expect(names.length).toBeLessThan(60);
  });

  it('shows type, names, and the invalid and skipped marks', async () => {
    await act(async () => root.render(<StepOutline version={fromNestedFlow(activepiecesExport)} />));
    const row = (name: string) => Array.from(container.querySelectorAll('.outline-row')).find((el) => el.querySelector('.outline-step-name')?.textContent === name)!;
    expect(row('step_6').textContent).toContain('Flag big order');
    // Judged on import whatever the file says: the Slack step is invalid (no such piece here), the
    // complete code step the file marks invalid is not.
    expect(row('step_7').textContent).toContain('Invalid');
    expect(row('step_6').textContent).not.toContain('Invalid');
    expect(row('step_4').textContent).toContain('Skipped');
    expect(row('step_2').textContent).toContain('Loop:');
    expect(row('step_1').textContent).not.toContain('Invalid');
    expect(container.textContent).toContain('Big orders');
    expect(container.querySelector('[aria-level="3"]')).not.toBeNull();
  });
});
