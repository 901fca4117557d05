/**
 * The WCAG 2 A/AA scan every screen's test runs, shared so each judges the page the same way.
 *
 * Axe computes contrast from what is painted, so an element mid-fade (a toast coming or going, a dialog
 * opening) can read as faint text. A real violation is there at rest: the page's finite animations are
 * let finish first, and a scan that finds something is repeated once the page is still again, so only
 * what both scans find fails the test.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface ScanOptions {
  /** Scan only inside this selector (a panel, a picker). */
  include?: string;
  /** A violation that belongs to a third party's markup, named by rule id and target. */
  ignore?: (ruleId: string, target: string) => boolean;
}

/**
 * Waits until no finite animation or transition on the page is running. Spinners loop forever and a
 * paused animation never finishes: neither is waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function scan(page: Page, where: string, options: ScanOptions): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) => {
    const targets = v.nodes.map((n) => n.target.join(' ')).filter((target) => !options.ignore?.(v.id, target));
    return targets.length ? [`${where}: ${v.id} (${v.impact}) ${targets.join(', ')}`] : [];
  });
}

export async function expectNoViolations(page: Page, where: string, options: ScanOptions = {}): Promise<void> {
  await animationsSettled(page);
  let found = await scan(page, where, options);
  if (found.length) {
    await animationsSettled(page);
    const again = new Set(await scan(page, where, options));
    found = found.filter((line) => again.has(line));
  }
  expect(found).toEqual([]);
}
