/**
 * In-page probes for `npm run bench:ui`, installed with page.addInitScript before the app's own code runs.
 * Every time is the page's performance.now(), which counts from the navigation's start, so "open" needs no
 * clock shared with Node. "Painted" is: the DOM condition seen by a MutationObserver → the next
 * requestAnimationFrame (the frame that will show it) → a task posted from that callback, which runs once
 * the frame has been produced. Both the rAF time and the after-frame time are kept.
 *
 * Written as plain JavaScript text, not a TypeScript function: tsx compiles with keepNames, and the helper
 * calls it inserts would not exist in the page.
 */

export interface PaintMark {
  /** When the DOM condition was first seen. */
  seenAt: number;
  /** performance.now() inside the next requestAnimationFrame callback. */
  rafAt: number;
  /** performance.now() in a task posted from that callback: the frame is out. */
  paintedAt: number;
}

export interface TextMark extends PaintMark {
  /** performance.now() in a window capture keydown listener (first non-modifier key after arming). */
  keydownAt: number | null;
}

export interface FrameStats {
  frames: number;
  elapsedMs: number;
  fps: number;
  longestFrameMs: number;
  /** Intervals longer than 1.5 × 16.7 ms (at least one frame dropped). */
  slowFrames: number;
}

export interface ViewportState {
  x: number;
  y: number;
  zoom: number;
}

export interface BenchProbes {
  open: PaintMark | null;
  /** When the open canvas's save indicator first said something other than "Opening…" (performance.now()). */
  editableAt: number | null;
  text: TextMark | null;
  armText(selector: string, expected: string): 'armed' | 'already';
  disarm(): void;
  textOf(selector: string): string | null;
  pickVisibleStep(): string | null;
  isInCanvas(): boolean;
  viewport(): ViewportState | null;
  countFrames(durationMs: number): Promise<FrameStats>;
}

export type BenchWindow = Window & { __bench: BenchProbes };

export const CANVAS = '[data-testid="flow-canvas"]';
export const nodeSelector = (step: string) => `.react-flow__node[data-id="${step}"]`;
export const titleSelector = (step: string) => `${nodeSelector(step)} .step-card-title`;

export const PROBES_SCRIPT = String.raw`
(() => {
  if (window.__bench) return;
  const CANVAS = '[data-testid="flow-canvas"]';
  const CANVAS_READY = CANVAS + '[data-ready="true"]';
  const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta']);
  const afterPaint = (seenAt, done) => {
    requestAnimationFrame(() => {
      const rafAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done({ seenAt, rafAt, paintedAt: performance.now() });
      channel.port2.postMessage(null);
    });
  };
  const bench = { open: null, editableAt: null, text: null };
  window.__bench = bench;
  let keydownAt = null;
  let textObserver = null;

  // open: the canvas's first painted layout
  let openSeen = false;
  const openObserver = new MutationObserver(() => {
    if (openSeen || !document.querySelector(CANVAS_READY)) return;
    openSeen = true;
    openObserver.disconnect();
    afterPaint(performance.now(), (mark) => { bench.open = mark; });
  });
  openObserver.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });

  // editable: the canvas is ready and the worker has confirmed the version (a large one is drawn before)
  const editableObserver = new MutationObserver(() => {
    const indicator = document.querySelector('[data-testid="save-indicator"]');
    if (!document.querySelector(CANVAS_READY) || !indicator || indicator.classList.contains('save-opening')) return;
    editableObserver.disconnect();
    bench.editableAt = performance.now();
  });
  editableObserver.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready', 'class'] });

  window.addEventListener('keydown', (event) => {
    if (MODIFIERS.has(event.key) || keydownAt !== null) return;
    keydownAt = performance.now();
  }, true);

  bench.disarm = () => {
    if (textObserver) textObserver.disconnect();
    textObserver = null;
  };
  bench.textOf = (selector) => {
    const element = document.querySelector(selector);
    return element ? (element.textContent || '').trim() : null;
  };
  // edit-to-paint: the next non-modifier keydown → the element's text equals expected, painted
  bench.armText = (selector, expected) => {
    bench.disarm();
    bench.text = null;
    keydownAt = null;
    if (bench.textOf(selector) === expected) return 'already';
    textObserver = new MutationObserver(() => {
      if (bench.textOf(selector) !== expected) return;
      const seenAt = performance.now();
      const pressedAt = keydownAt;
      bench.disarm();
      afterPaint(seenAt, (mark) => { bench.text = { ...mark, keydownAt: pressedAt }; });
    });
    textObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
    return 'armed';
  };

  // a step whose title is fully inside the canvas, nearest a point left of centre (panels open on the right)
  bench.pickVisibleStep = () => {
    const canvas = document.querySelector(CANVAS);
    if (!canvas) return null;
    const c = canvas.getBoundingClientRect();
    const targetX = c.left + c.width * 0.35;
    const targetY = c.top + c.height * 0.5;
    let best = null;
    let bestDistance = Infinity;
    for (const node of canvas.querySelectorAll('.react-flow__node[data-id^="step_"]')) {
      const title = node.querySelector('.step-card-title');
      if (!title || title.closest('.react-flow__node') !== node) continue;
      const r = title.getBoundingClientRect();
      if (r.width === 0 || r.left < c.left || r.right > c.right || r.top < c.top || r.bottom > c.bottom) continue;
      const distance = Math.hypot((r.left + r.right) / 2 - targetX, (r.top + r.bottom) / 2 - targetY);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = node.getAttribute('data-id');
      }
    }
    return best;
  };
  bench.isInCanvas = () => {
    const canvas = document.querySelector(CANVAS);
    return !!canvas && !!document.activeElement && canvas.contains(document.activeElement) &&
      !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
  };
  bench.viewport = () => {
    const element = document.querySelector('.react-flow__viewport');
    if (!element) return null;
    const m = new DOMMatrixReadOnly(getComputedStyle(element).transform);
    return { x: m.e, y: m.f, zoom: m.a };
  };
  // counts requestAnimationFrame callbacks for durationMs; intervals from the frames' own timestamps
  bench.countFrames = (durationMs) => new Promise((resolve) => {
    const stamps = [];
    const tick = (t) => {
      stamps.push(t);
      if (t - stamps[0] < durationMs) return void requestAnimationFrame(tick);
      let longest = 0;
      let slow = 0;
      for (let i = 1; i < stamps.length; i++) {
        const gap = stamps[i] - stamps[i - 1];
        longest = Math.max(longest, gap);
        if (gap > 25) slow++;
      }
      const elapsedMs = stamps[stamps.length - 1] - stamps[0];
      resolve({ frames: stamps.length - 1, elapsedMs, fps: ((stamps.length - 1) * 1000) / elapsedMs, longestFrameMs: longest, slowFrames: slow });
    };
    requestAnimationFrame(tick);
  });
})();
`;
