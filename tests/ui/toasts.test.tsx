/**
 * The notification area as SPEC §8 and §9 describe it, in a real React tree with sonner: socket errors are
 * destructive (red) toasts; a swipe of 20 px dismisses a toast and a shorter one does not; and the
 * constants that come from the library itself (width, swipe velocity, removal time, the component's own
 * display time) are checked in sonner's source, so an upgrade that changes one fails here.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { toast } from 'sonner';
import { AppToaster, TOASTER_SETTINGS } from '../../src/ui/app-toaster.tsx';
import { LIBRARY_SWIPE_PX, SWIPE_DISMISS_PX } from '../../src/ui/toast-swipe.ts';
import { showLiveError } from '../../src/ui/stores/live-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<AppToaster />));
});

afterEach(async () => {
  await act(async () => void toast.dismiss());
  await act(async () => root.unmount());
  container.remove();
});

const toasts = () => Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]'));
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('socket errors (SPEC §8)', () => {
  it('show as one destructive toast, red by sonner’s rich colours, replaced in place', async () => {
    await act(async () => showLiveError('WebSocket connection error'));
    await act(async () => showLiveError('Heartbeat timeout'));
    await wait(10); // sonner renders its queue on the next tick
    const shown = toasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.dataset).toMatchObject({ type: 'error', richColors: 'true' });
    expect(shown[0]!.textContent).toContain('Heartbeat timeout');
    // An ordinary toast stays neutral.
    await act(async () => void toast('Saved'));
    await wait(10);
    expect(toasts().find((el) => el.textContent?.includes('Saved'))?.dataset.richColors).not.toBe('true');
  });
});

/** Drags the front toast `dx` px to the right and lets go after `holdMs` (slow enough to stay under 0.11 px/ms). */
async function swipe(dx: number, holdMs: number) {
  const el = toasts()[0]!;
  el.setPointerCapture ??= () => {};
  const at = (type: string, x: number) => new PointerEvent(type, { bubbles: true, button: 0, pointerId: 1, pointerType: 'mouse', clientX: x, clientY: 100 });
  await act(async () => el.dispatchEvent(at('pointerdown', 100)));
  // The first move fixes the direction, the next ones move the toast.
  for (const x of [102, 100 + dx / 2, 100 + dx]) await act(async () => el.dispatchEvent(at('pointermove', x)));
  await wait(holdMs);
  await act(async () => el.dispatchEvent(at('pointerup', 100 + dx)));
  return el;
}

describe('swiping a toast away (SPEC §9)', () => {
  it('dismisses at 20 px, below sonner’s own 45 px, and not at 15 px', async () => {
    expect(SWIPE_DISMISS_PX).toBe(20);
    await act(async () => void toast('Short swipe', { duration: 60_000 }));
    await wait(10);
    const kept = await swipe(15, 300);
    expect(kept.dataset.removed).toBe('false');
    expect(kept.dataset.swipeOut).toBe('false');

    const gone = await swipe(25, 300);
    expect(gone.dataset.swipeOut).toBe('true');
    expect(gone.dataset.removed).toBe('true');
  });
});

describe('toast constants (SPEC §9)', () => {
  it('places at most 3 toasts bottom-right, 14 px apart, 32 px from the edge, 356 px wide', async () => {
    for (const n of [1, 2, 3, 4]) await act(async () => void toast(`Toast ${n}`, { duration: 60_000 }));
    await wait(10);
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(list.dataset).toMatchObject({ yPosition: 'bottom', xPosition: 'right' });
    expect(list.style.getPropertyValue('--width')).toBe('356px');
    expect(list.style.getPropertyValue('--gap')).toBe('14px');
    expect(list.style.getPropertyValue('--offset-bottom')).toBe('32px');
    expect(list.style.getPropertyValue('--offset-right')).toBe('32px');
    expect(toasts().filter((el) => el.dataset.visible === 'true')).toHaveLength(3);
    expect(list.closest('section')?.getAttribute('aria-label')).toMatch(/alt\+T/i);
    expect(TOASTER_SETTINGS.duration).toBe(3000);
  });

  it('keeps the constants SPEC §9 takes from sonner (a library upgrade that changes one fails here)', () => {
    const source = readFileSync(join(process.cwd(), 'node_modules/sonner/dist/index.mjs'), 'utf8');
    const constant = (name: string) => Number(new RegExp(`const ${name} = (\\d+);`).exec(source)?.[1]);
    expect(constant('TOAST_LIFETIME')).toBe(4000); // the toast component's own display time
    expect(constant('TOAST_WIDTH')).toBe(356);
    expect(constant('GAP')).toBe(14);
    expect(constant('VISIBLE_TOASTS_AMOUNT')).toBe(3);
    expect(constant('TIME_BEFORE_UNMOUNT')).toBe(200); // the removal animation
    // toast-swipe.ts raises a 20 px swipe to sonner's threshold: it must still be this one.
    expect(constant('SWIPE_THRESHOLD')).toBe(LIBRARY_SWIPE_PX);
    expect(source).toContain('velocity > 0.11');
  });
});
