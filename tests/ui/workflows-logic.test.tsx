/**
 * The workflow screens' pure pieces: page arithmetic and labels, the export file's name and content, the
 * import's JSON check, and the template tags rule (SPEC §5: at most 10).
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fromNestedFlow, stepsInOrder, toNestedFlow, type FlatVersion } from '../../src/domain/index.ts';
import { clampPage, pageBounds, pageCount, pageLabel, parsePageParam, rangeLabel } from '../../src/ui/components/data/pagination-math.ts';
import { Pagination } from '../../src/ui/components/data/pagination.tsx';
import { exportFileName, workflowExportFile } from '../../src/ui/components/workflows/export-workflow.ts';
import { checkFlowFileText } from '../../src/ui/components/workflows/import-problems.ts';
import { addTags } from '../../src/ui/components/templates/tag-rules.ts';
import { parseTags } from '../../src/api/templates-api.ts';
import activepiecesExport from '../../e2e/fixtures/activepieces-flow.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** trigger → step_1 … step_N: as deep as it is long in the nested form. */
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

describe('pagination math (10 a page)', () => {
  it('counts pages, an empty list still being one page', () => {
    expect([0, 1, 10, 11, 37, 100].map((total) => pageCount(total, 10))).toEqual([1, 1, 1, 2, 4, 10]);
  });

  it('keeps a page inside the list', () => {
    expect(clampPage(0, 37, 10)).toBe(1);
    expect(clampPage(4, 37, 10)).toBe(4);
    expect(clampPage(9, 37, 10)).toBe(4);
    expect(clampPage(Number.NaN, 37, 10)).toBe(1);
    expect(clampPage(3, 0, 10)).toBe(1);
  });

  it('labels ranges and pages as the issue words them', () => {
    expect(rangeLabel(1, 10, 37)).toBe('1–10 of 37');
    expect(rangeLabel(4, 10, 37)).toBe('31–37 of 37');
    expect(rangeLabel(2, 10, 20)).toBe('11–20 of 20');
    expect(rangeLabel(1, 10, 0)).toBe('0–0 of 0');
    expect(pageBounds(2, 10, 11)).toEqual({ from: 11, to: 11 });
    expect(pageLabel(2, 10, 37)).toBe('Page 2 of 4');
    expect(pageLabel(1, 10, 0)).toBe('Page 1 of 1');
  });

  it('reads ?page= leniently', () => {
    expect(['3', '1', '0', '-2', '2.5', 'x', '', null].map(parsePageParam)).toEqual([3, 1, 1, 1, 1, 1, 1, 1]);
  });
});

describe('<Pagination>', () => {
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

  const button = (name: string) => Array.from(container.querySelectorAll('button')).find((b) => b.textContent?.trim() === name)!;

  it('disables Previous on the first page and Next on the last, and asks for the neighbour pages', async () => {
    const asked: number[] = [];
    await act(async () => root.render(<Pagination page={1} pageSize={10} total={37} onPageChange={(p) => asked.push(p)} />));
    expect(container.textContent).toContain('1–10 of 37');
    expect(container.textContent).toContain('Page 1 of 4');
    expect(button('Previous').disabled).toBe(true);
    await act(async () => button('Next').click());
    expect(asked).toEqual([2]);

    await act(async () => root.render(<Pagination page={4} pageSize={10} total={37} onPageChange={(p) => asked.push(p)} />));
    expect(container.textContent).toContain('31–37 of 37');
    expect(button('Next').disabled).toBe(true);
    await act(async () => button('Previous').click());
    expect(asked).toEqual([2, 3]);
  });
});

describe('export JSON', () => {
  it('names the file after the workflow, safely', () => {
    expect(exportFileName('Send invoices (EU)')).toBe('send-invoices-eu.json');
    expect(exportFileName('  Café / Crème: daily  ')).toBe('cafe-creme-daily.json');
    expect(exportFileName('../../etc/passwd')).toBe('etc-passwd.json');
    expect(exportFileName('数据同步')).toBe('数据同步.json');
    expect(exportFileName('!!!')).toBe('workflow.json');
    expect(exportFileName('x'.repeat(300))).toBe(`${'x'.repeat(80)}.json`);
  });

  it('writes the nested Activepieces form, which imports back to the same steps', () => {
    const version = fromNestedFlow(activepiecesExport);
    const file = workflowExportFile(version);
    expect(file.fileName).toBe('sync-new-orders.json');
    const parsed = JSON.parse(file.text) as Record<string, unknown>;
    expect(parsed).toEqual(JSON.parse(JSON.stringify(toNestedFlow(version))));
    expect(parsed.displayName).toBe('Sync new orders');
    const again = fromNestedFlow(parsed);
    expect(stepsInOrder(again).map((s) => [s.name, s.displayName, s.type])).toEqual(stepsInOrder(version).map((s) => [s.name, s.displayName, s.type]));
  });

  it('exports a 10,000-step chain (10,000 levels deep) without overflowing', () => {
    const file = workflowExportFile(chainFlow(10_000));
    expect(file.text.length).toBeGreaterThan(100_000);
    expect(stepsInOrder(fromNestedFlow(JSON.parse(file.text)))).toHaveLength(10_000);
  });
});

describe('import', () => {
  it('accepts only a JSON object (every refusal in words: tests/ui/import-problems.test.ts)', () => {
    const accepted = (text: string) => !('problem' in checkFlowFileText(text, text.length));
    expect(accepted(JSON.stringify(activepiecesExport))).toBe(true);
    expect(accepted('[1,2]')).toBe(false);
    expect(accepted('not json')).toBe(false);
    expect(accepted('')).toBe(false);
    expect(accepted('null')).toBe(false);
  });
});

describe('template tags', () => {
  it('splits, trims and drops repeats', () => {
    expect(parseTags('crm, sales  ,CRM,, email ')).toEqual(['crm', 'sales', 'email']);
    expect(parseTags('')).toEqual([]);
  });

  it('allows 10 tags and refuses 11 with the SPEC words', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`);
    expect(addTags([], tags(10))).toEqual({ tags: tags(10) });
    expect(addTags(tags(10), ['tag10'])).toEqual({ tags: tags(10), error: 'At most 10 tags', left: ['tag10'] });
    expect(addTags(tags(9), ['a', ' b', 'c'])).toEqual({ tags: [...tags(9), 'a'], error: 'At most 10 tags', left: [' b', 'c'] });
    // repeats do not count twice, in any case
    expect(addTags(tags(10), ['tag1', 'TAG2', ' '])).toEqual({ tags: tags(10) });
    expect(addTags([], ['x'.repeat(33)]).error).toBe('Tags must be at most 32 characters');
  });
});
