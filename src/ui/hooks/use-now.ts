import { useEffect, useState } from 'react';

/**
 * The current time, renewed on every `stepMs` boundary of the clock (by default each half minute: :00
 * and :30), so relative times on a screen ('5m ago', 'in 3m') move on together. One timer per caller:
 * a screen calls it once and hands `now` to its rows, not one timer per row.
 */
export function useNow(stepMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const wait = stepMs - (Date.now() % stepMs) + 50; // just past the boundary, never just before it
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [stepMs]);
  return now;
}
