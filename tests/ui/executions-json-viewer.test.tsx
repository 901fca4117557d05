/**
 * The JSON viewer: small values open, large ones collapsed with a summary; the toggle is a button with
 * aria-expanded tied to the text by aria-controls; the copy button copies the pretty text.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { JsonViewer } from '../../src/ui/components/runs/json-viewer.tsx';
import { LARGE_JSON_LINES, previewJson } from '../../src/ui/components/runs/json-preview.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

async function render(value: unknown) {
  await act(async () => root.render(<JsonViewer label="Output" value={value} />));
  const toggle = container.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
  const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  return { toggle, body };
}

const large = { rows: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `row ${i}` })) };

describe('previewJson', () => {
  it('pretty-prints and summarises', () => {
    expect(previewJson({ a: 1, b: [1, 2] })).toEqual({ text: '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}', summary: '{…} 2 keys', large: false });
    expect(previewJson([1]).summary).toBe('[…] 1 item');
    expect(previewJson('x'.repeat(100)).summary).toBe(`"${'x'.repeat(60)}…"`);
    expect(previewJson(null)).toEqual({ text: 'null', summary: 'null', large: false });
    expect(previewJson(undefined).text).toBe('null');
  });

  it('calls a value large past the line or character bound', () => {
    expect(previewJson(large).large).toBe(true);
    expect(previewJson(Array.from({ length: LARGE_JSON_LINES }, (_, i) => i)).large).toBe(true);
    expect(previewJson('y'.repeat(1000)).large).toBe(true);
    expect(previewJson({ ok: true }).large).toBe(false);
  });
});

describe('JsonViewer', () => {
  it('shows a small value open', async () => {
    const { toggle, body } = await render({ ok: true });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
    expect(body.textContent).toBe('{\n  "ok": true\n}');
    expect(toggle.textContent).toBe('Output');
  });

  it('starts a large value collapsed with its summary, and opens and closes on click', async () => {
    const { toggle, body } = await render(large);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);
    expect(body.textContent).toBe('');
    expect(toggle.textContent).toContain('{…} 1 key');

    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
    expect(body.textContent).toContain('"name": "row 39"');

    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);
  });

  it('copies the pretty text', async () => {
    const copied: string[] = [];
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    try {
      await render({ id: 7 });
      const copy = container.querySelector<HTMLButtonElement>('button[aria-label="Copy output"]')!;
      await act(async () => copy.click());
      expect(copied).toEqual(['{\n  "id": 7\n}']);
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
    }
  });
});
