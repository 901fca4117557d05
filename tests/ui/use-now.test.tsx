/**
 * Relative times that tick (issue 17): useNow renews the screen's one clock at each half-minute
 * boundary, so 'ago' and 'in …' texts move on without a reload and without a timer per row.
 */
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useNow } from '../../src/ui/hooks/use-now.ts';
import { formatAgo } from '../../src/ui/format/index.ts';
import { formatUntil } from '../../src/ui/screens/schedules/until.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const START = new Date('2026-03-04T10:00:10.000Z');
const LAST = '2026-03-04T09:58:10.000Z';
const NEXT = '2026-03-04T10:05:10.000Z';

let container: HTMLDivElement;
let root: Root;
let renders = 0;

function Clock() {
  const now = useNow();
  renders += 1;
  return (
    <p>
      {formatAgo(LAST, now)} · {formatUntil(NEXT, now)}
    </p>
  );
}

beforeEach(() => {
  rs.useFakeTimers({ now: START });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  renders = 0;
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  rs.useRealTimers();
});

describe('useNow', () => {
  it('re-renders at each half-minute boundary, so relative times tick', async () => {
    await act(async () => root.render(<Clock />));
    expect(container.textContent).toBe('2m ago · in 5m');
    await act(async () => rs.advanceTimersByTime(20_100)); // past 10:00:30 (the timer fires 50 ms after it)
    expect(renders).toBe(2);
    for (let i = 0; i < 2; i++) await act(async () => rs.advanceTimersByTime(30_000)); // two more boundaries
    expect(renders).toBe(4);
    expect(container.textContent).toBe('3m ago · in 3m'); // 3m40s to go: whole minutes, as 'ago' counts
    await act(async () => rs.advanceTimersByTime(4 * 60_000));
    expect(container.textContent).toBe('7m ago · due now');
    // One pending timer for the clock, whatever the time.
    expect(rs.getTimerCount()).toBe(1);
  });

  it('stops its timer when the screen goes', async () => {
    await act(async () => root.render(<Clock />));
    await act(async () => root.unmount());
    expect(rs.getTimerCount()).toBe(0);
    root = createRoot(container);
  });
});
