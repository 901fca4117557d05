/**
 * One flow size in a real Chromium: open the editor, heap after a forced GC, undo → paint, a typed rename →
 * paint, and frames while panning. Every step waits at most STEP_TIMEOUT_MS and then records why it stopped,
 * so a missing canvas (or panel) gives a message instead of a hang; the later steps are then skipped.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { recordScripts, totals, type ScriptTotals } from './assets.ts';
import {
  CANVAS,
  nodeSelector,
  PROBES_SCRIPT,
  titleSelector,
  type BenchProbes,
  type BenchWindow,
  type FrameStats,
  type PaintMark,
  type TextMark,
  type ViewportState,
} from './probes.ts';
import { signedInContext, type Session } from './setup.ts';

export const STEP_TIMEOUT_MS = 60_000;

export interface Summary {
  median: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}

export function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, n: sorted.length };
}

export interface OpenFigures {
  /** navigation start → canvas data-ready → next frame out; first visit of a fresh browser context (cold HTTP cache). */
  firstMs: number;
  /** The same, up to the rAF callback only (before the frame is produced). */
  firstRafMs: number;
  /** navigation start → the worker has confirmed the drawn version: it can be edited (a large one is drawn first). */
  firstEditableMs: number | null;
  /** Later visits of the same page (warm HTTP cache). */
  againMs: Summary | null;
  /** Every same-origin JavaScript file the first visit loaded. */
  javascript: ScriptTotals;
}

export interface EditFigures extends Summary {
  step: string;
  /** keydown → text in the DOM, before the frame (median). */
  domMedian: number;
}

export interface PanFigures extends FrameStats {
  mode: 'wheel' | 'drag';
  /** Largest distance the viewport moved from where it started, in screen pixels. */
  movedPx: number;
  zoomChanged: boolean;
}

export interface SizeFigures {
  steps: number;
  workflowId: string;
  importMs: number;
  open?: OpenFigures;
  heap?: { mainMiB: number; workerMiB: number | null; workers: number };
  undo?: EditFigures;
  typed?: EditFigures;
  pan?: PanFigures;
  /** Step → why it has no figure. */
  problems: Record<string, string>;
  consoleErrors: string[];
}

export interface MeasureOptions {
  origin: string;
  distDir: string;
  workflowId: string;
  session: Session;
  opens: number;
  reps: number;
  warmup: number;
  /** How long a measured key is held before its keyup (run.ts `--key-hold`). */
  keyHoldMs: number;
  pan: 'wheel' | 'drag';
  /** Where to save a Chrome trace of the first open, and of the typed renames beside it (bench/ui/trace.ts summarises them). */
  trace?: string;
}

/** What a trace records: the timeline and V8's CPU samples of every thread, the editor's worker included. */
const TRACE_CATEGORIES = [
  '__metadata',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
];

/** Runs `work` under a Chrome trace saved to `file` (when given). */
async function traced<T>(page: Page, file: string | undefined, work: () => Promise<T>): Promise<T> {
  const browser = page.context().browser();
  if (!file || !browser) return work();
  await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
  try {
    return await work();
  } finally {
    await browser.stopTracing();
  }
}

/** The typed-rename and undo traces' files beside the open's: my-trace.json → my-trace-typed.json, my-trace-undo.json. */
export const typedTraceFile = (trace: string) => trace.replace(/(\.json)?$/, '-typed.json');
export const undoTraceFile = (trace: string) => trace.replace(/(\.json)?$/, '-undo.json');

/** Runs fn in the page against window.__bench (passed as text, with arg as JSON). */
function probe<T, A = undefined>(page: Page, fn: (bench: BenchProbes, arg: A) => T | Promise<T>, arg?: A): Promise<T> {
  return page.evaluate(`(${fn.toString()})(window.__bench, ${JSON.stringify(arg ?? null)})`) as Promise<T>;
}

const textOf = (page: Page, selector: string) => probe(page, (b, s: string) => b.textOf(s), selector);

async function describePage(page: Page): Promise<string> {
  try {
    return await page.evaluate((canvas) => {
      const element = document.querySelector(canvas);
      const heading = document.querySelector('h1')?.textContent?.trim();
      const state = element ? `${canvas} present, data-ready=${JSON.stringify(element.getAttribute('data-ready'))}` : `no ${canvas} element`;
      return `${location.pathname}; ${state}; h1 ${JSON.stringify(heading ?? null)}`;
    }, CANVAS);
  } catch (error) {
    return `(could not read the page: ${(error as Error).message})`;
  }
}

async function within<T>(what: string, page: Page, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? '';
    throw new Error(`${what} (${message}). Page: ${await describePage(page)}`);
  }
}

async function openOnce(page: Page, url: string): Promise<PaintMark> {
  await page.goto(url, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  await within(
    `no painted canvas within ${STEP_TIMEOUT_MS / 1000} s: ${CANVAS} never got data-ready="true" — is the canvas in src/ yet?`,
    page,
    page.waitForFunction(() => (window as unknown as BenchWindow).__bench?.open?.paintedAt != null, null, {
      timeout: STEP_TIMEOUT_MS,
      polling: 100,
    }),
  );
  return probe(page, (b) => b.open as PaintMark);
}

async function measureOpen(page: Page, options: MeasureOptions): Promise<OpenFigures> {
  const url = `${options.origin}/workflows/${options.workflowId}/edit`;
  const scripts = recordScripts(page, options.origin);
  const first = await traced(page, options.trace, () => openOnce(page, url));
  // Null when no save indicator appears (a read-only version has nothing to confirm).
  const firstEditableMs = await page
    .waitForFunction(() => (window as unknown as BenchWindow).__bench?.editableAt != null, null, { timeout: STEP_TIMEOUT_MS, polling: 50 })
    .then(() => probe(page, (b) => b.editableAt as number), () => null);
  await page.waitForTimeout(300);
  const javascript = totals(options.distDir, options.origin, scripts);
  const again: number[] = [];
  for (let i = 1; i < options.opens; i++) {
    await page.waitForTimeout(500);
    again.push((await openOnce(page, url)).paintedAt);
  }
  return { firstMs: first.paintedAt, firstRafMs: first.rafAt, firstEditableMs, againMs: again.length ? summarise(again) : null, javascript };
}

/** Main-thread heap (page) and the workers' heaps, after a forced collection in each. */
async function measureHeap(browser: Browser, context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const main = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

  // Workers: Playwright opens CDP sessions on pages only, so attach from the browser session (non-flat).
  let workerBytes: number | null = null;
  let workers = 0;
  try {
    const browserCdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await browserCdp.send('Target.getTargets');
    let nextId = 0;
    for (const target of targetInfos.filter((t) => t.type === 'worker' && t.url.startsWith(origin))) {
      const { sessionId } = await browserCdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
      const call = (method: string) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const id = ++nextId;
          const timer = setTimeout(() => reject(new Error(`${method} timed out`)), 10_000);
          const listener = (event: { sessionId: string; message: string }) => {
            const message = JSON.parse(event.message) as { id?: number; result?: Record<string, unknown> };
            if (event.sessionId !== sessionId || message.id !== id) return;
            clearTimeout(timer);
            browserCdp.off('Target.receivedMessageFromTarget', listener);
            resolve(message.result ?? {});
          };
          browserCdp.on('Target.receivedMessageFromTarget', listener);
          void browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
        });
      await call('HeapProfiler.collectGarbage');
      const usage = await call('Runtime.getHeapUsage');
      workerBytes = (workerBytes ?? 0) + Number(usage.usedSize ?? 0);
      workers++;
      await browserCdp.send('Target.detachFromTarget', { sessionId });
    }
    await browserCdp.detach();
  } catch {
    workerBytes = null;
  }
  const mib = (n: number) => n / 1024 / 1024;
  return { mainMiB: mib(main), workerMiB: workerBytes === null ? null : mib(workerBytes), workers };
}

async function waitForText(page: Page, selector: string, expected: string, what: string): Promise<void> {
  await within(
    `${what}: ${selector} did not read ${JSON.stringify(expected)} within ${STEP_TIMEOUT_MS / 1000} s`,
    page,
    page.waitForFunction(([s, e]) => (window as unknown as BenchWindow).__bench.textOf(s) === e, [selector, expected] as [string, string], {
      timeout: STEP_TIMEOUT_MS,
      polling: 50,
    }),
  );
}

/** Arms the text probe, presses the key, and answers keydown → painted (and keydown → seen in the DOM). */
async function keyToPaint(page: Page, selector: string, expected: string, key: string, what: string, holdMs: number): Promise<[number, number]> {
  const armed = await probe(page, (b, [s, e]: [string, string]) => b.armText(s, e), [selector, expected]);
  if (armed === 'already') throw new Error(`${what}: ${selector} already read ${JSON.stringify(expected)} before the key`);
  await page.keyboard.press(key, { delay: holdMs });
  try {
    await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.text != null, null, { timeout: STEP_TIMEOUT_MS, polling: 20 });
  } catch {
    const now = await textOf(page, selector).catch(() => null);
    throw new Error(
      `${what}: after ${key}, ${selector} did not read ${JSON.stringify(expected)} within ${STEP_TIMEOUT_MS / 1000} s ` +
        `(it reads ${JSON.stringify(now)}). Page: ${await describePage(page)}`,
    );
  } finally {
    await probe(page, (b) => b.disarm()).catch(() => undefined);
  }
  const mark = await probe(page, (b) => b.text as TextMark);
  if (mark.keydownAt === null) throw new Error(`${what}: the page saw no keydown for ${key}`);
  return [mark.paintedAt - mark.keydownAt, mark.seenAt - mark.keydownAt];
}

async function openSettings(page: Page, step: string): Promise<void> {
  const field = page.getByLabel('Display name');
  // Always click: the panel may be showing another step (at open, the first invalid one is selected).
  await within(`could not click ${nodeSelector(step)}`, page, page.locator(titleSelector(step)).click({ timeout: STEP_TIMEOUT_MS }));
  await within(
    `clicking ${step} showed no field labelled 'Display name' in the right panel`,
    page,
    field.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS }),
  );
}

async function focusCanvas(page: Page, step: string): Promise<void> {
  const inCanvas = () => probe(page, (b) => b.isInCanvas());
  await page.locator(nodeSelector(step)).focus({ timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
  if (await inCanvas()) return;
  await page.locator(CANVAS).focus({ timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
  if (await inCanvas()) return;
  await page.locator(titleSelector(step)).click({ timeout: STEP_TIMEOUT_MS });
  if (!(await inCanvas())) throw new Error(`could not put the keyboard focus on the canvas (focusing ${step}, the canvas, clicking ${step})`);
}

function editFigures(step: string, samples: Array<[number, number]>): EditFigures {
  return { step, ...summarise(samples.map(([painted]) => painted)), domMedian: summarise(samples.map(([, dom]) => dom)).median };
}

/** (a) rename in the panel, then Control+Z on the canvas: keydown → the node's previous name painted. */
async function measureUndo(page: Page, step: string, options: MeasureOptions): Promise<EditFigures> {
  const title = titleSelector(step);
  const field = page.getByLabel('Display name');
  const samples: Array<[number, number]> = [];
  await traced(page, options.trace && undoTraceFile(options.trace), async () => {
    for (let i = 0; i < options.warmup + options.reps; i++) {
      await openSettings(page, step);
      const before = await textOf(page, title);
      if (before === null) throw new Error(`${title} is not on screen any more (did opening the panel move it out of view?)`);
      const renamed = `Bench undo ${i}`;
      await field.fill(renamed, { timeout: STEP_TIMEOUT_MS });
      await waitForText(page, title, renamed, `typing into 'Display name' did not rename ${step} on the canvas`);
      await focusCanvas(page, step);
      const sample = await keyToPaint(page, title, before, 'Control+z', 'undo', options.keyHoldMs);
      if (i >= options.warmup) samples.push(sample);
    }
  });
  return editFigures(step, samples);
}

/** (b) one character typed into 'Display name': keydown → the node's new title painted. */
async function measureTyped(page: Page, step: string, options: MeasureOptions): Promise<EditFigures> {
  const title = titleSelector(step);
  const field = page.getByLabel('Display name');
  await openSettings(page, step);
  await field.click({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press('End');
  const samples: Array<[number, number]> = [];
  await traced(page, options.trace && typedTraceFile(options.trace), async () => {
    for (let i = 0; i < options.warmup + options.reps; i++) {
      const letter = String.fromCharCode(97 + (i % 26));
      const expected = `${await field.inputValue({ timeout: STEP_TIMEOUT_MS })}${letter}`.trim();
      const sample = await keyToPaint(page, title, expected, letter, 'typed rename', options.keyHoldMs);
      if (i >= options.warmup) samples.push(sample);
    }
  });
  return editFigures(step, samples);
}

/** rAF callbacks counted in the page for 3 s while the mouse pans the pane (wheel or drag, up and down). */
async function measurePan(page: Page, mode: 'wheel' | 'drag'): Promise<PanFigures> {
  const durationMs = 3000;
  await page.keyboard.press('Escape'); // close the panel: the whole canvas is the pane
  await page.waitForTimeout(300);
  const box = await within(
    'no .react-flow__pane to pan',
    page,
    page
      .locator('.react-flow__pane')
      .boundingBox({ timeout: STEP_TIMEOUT_MS })
      .then((b) => b ?? Promise.reject(new Error('the pane has no box'))),
  );
  const x = box.x + box.width * 0.35;
  const y = box.y + box.height / 2;
  const viewports: Array<ViewportState | null> = [await probe(page, (b) => b.viewport())];
  await page.mouse.move(x, y);
  if (mode === 'drag') await page.mouse.down();
  const frames = probe(page, (b, ms: number) => b.countFrames(ms), durationMs);
  const started = Date.now();
  let dragY = y;
  let lastSecond = 0;
  while (Date.now() - started < durationMs) {
    const second = Math.floor((Date.now() - started) / 1000);
    if (second !== lastSecond) {
      lastSecond = second;
      viewports.push(await probe(page, (b) => b.viewport()));
    }
    const direction = second % 2 === 0 ? 1 : -1; // down for a second, up for a second: stays over the flow
    if (mode === 'wheel') await page.mouse.wheel(0, 40 * direction);
    else {
      dragY -= 6 * direction;
      await page.mouse.move(x, dragY);
    }
    await sleep(8);
  }
  if (mode === 'drag') await page.mouse.up();
  const stats = await frames;
  viewports.push(await probe(page, (b) => b.viewport()));
  const start = viewports[0];
  let movedPx = 0;
  let zoomChanged = false;
  for (const v of viewports) {
    if (!start || !v) continue;
    movedPx = Math.max(movedPx, Math.hypot(v.x - start.x, v.y - start.y));
    if (Math.abs(v.zoom - start.zoom) > 1e-6) zoomChanged = true;
  }
  return { ...stats, mode, movedPx, zoomChanged };
}

export async function measureSize(browser: Browser, steps: number, importMs: number, options: MeasureOptions): Promise<SizeFigures> {
  const figures: SizeFigures = { steps, workflowId: options.workflowId, importMs, problems: {}, consoleErrors: [] };
  const context = await signedInContext(browser, options.session);
  await context.addInitScript({ content: PROBES_SCRIPT });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  page.on('console', (message) => {
    if (message.type() === 'error' && figures.consoleErrors.length < 10) figures.consoleErrors.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => {
    if (figures.consoleErrors.length < 10) figures.consoleErrors.push(`pageerror: ${error.message.slice(0, 300)}`);
  });

  const stage = async <T>(name: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      figures.problems[name] = (error as Error).message;
      return undefined;
    }
  };

  try {
    figures.open = await stage('open', () => measureOpen(page, options));
    if (!figures.open) {
      for (const later of ['heap', 'undo', 'typed', 'pan']) figures.problems[later] = 'skipped: the canvas did not open';
      return figures;
    }
    await page.waitForTimeout(1000); // let the open settle (late layout, autosave) before the heap is read
    figures.heap = await stage('heap', () => measureHeap(browser, context, page, options.origin));
    const step = await probe(page, (b) => b.pickVisibleStep());
    if (!step) {
      const why = `no step node (.react-flow__node[data-id^="step_"] with a .step-card-title) fully inside the canvas after open`;
      for (const later of ['undo', 'typed']) figures.problems[later] = why;
    } else {
      figures.undo = await stage('undo', () => measureUndo(page, step, options));
      figures.typed = await stage('typed', () => measureTyped(page, step, options));
    }
    figures.pan = await stage('pan', () => measurePan(page, options.pan));
    return figures;
  } finally {
    await context.close();
  }
}
