/**
 * `npm run bench:ui -- --dashboard [--dashboard-runs 1000000] [--opens 5]`: the dashboard a busy user
 * lands on. Before the server starts, its data directory is seeded (bench/seed-runs.ts) for the bench's
 * user; then Chromium opens /dashboard signed in and measures, in the page:
 *   cards   navigation start → the four stat cards hold figures (no '...') and the feed has its rows
 *           (or its empty text); first visit of a fresh context (cold cache), then visits again (warm)
 *   js      the JavaScript the dashboard route downloads (gzip), and the dashboard's own chunk
 */
import type { Browser } from '@playwright/test';
import { createServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seedRuns } from '../seed-runs.ts';
import { summarise, type Summary } from '../stats.ts';
import { chunksContaining, recordScripts, totals, type ChunkSize, type ScriptTotals } from './assets.ts';
import { BENCH_USER, log, signedInContext, type Session } from './setup.ts';

/** Registers the bench's user in `dataDir` and gives it a busy year of `runs` runs, before the server starts. */
export async function seedDashboardUser(dataDir: string, runs: number): Promise<void> {
  const { port: _port, host: _host, ...config } = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const server = await createServer({ ...config, engine: { ...config.engine, workersEnabled: false } });
  try {
    const registered = await server.app.inject({ method: 'POST', url: '/api/auth/register', payload: BENCH_USER });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [BENCH_USER.email]);
    const seeded = await seedRuns(server.db, rows[0]!.id, { runs, workflows: 30, days: 365, log });
    log(`Seeded ${seeded.runs.toLocaleString('en')} runs in ${((seeded.insertMs + seeded.rebuildMs) / 1000).toFixed(1)} s`);
  } finally {
    await server.close();
  }
}

export interface DashboardFigures {
  runs: number;
  firstMs: number;
  againMs: Summary;
  javascript: ScriptTotals;
  dashboardChunks: ChunkSize[];
  consoleErrors: string[];
}

/** True once every card shows a figure and the feed shows rows or its empty text. */
const FILLED = `(() => {
  const values = [...document.querySelectorAll('.stat-card-value')];
  if (values.length !== 4 || values.some((v) => v.hasAttribute('data-loading') || v.textContent === '...')) return false;
  const feed = document.querySelector('table[aria-label="Recent activity"] tbody tr td:not(:empty)');
  return Boolean(feed) || (document.body.textContent ?? '').includes('No recent activity found');
})()`;

async function openOnce(page: import('@playwright/test').Page, origin: string): Promise<number> {
  await page.goto(`${origin}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(FILLED, undefined, { timeout: 60_000, polling: 'raf' });
  // navigation start is performance's time origin: now is the time to filled cards.
  return page.evaluate(() => performance.now());
}

export async function measureDashboard(
  browser: Browser,
  options: { origin: string; distDir: string; session: Session; opens: number; runs: number },
): Promise<DashboardFigures> {
  const context = await signedInContext(browser, options.session);
  const consoleErrors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && consoleErrors.length < 10) consoleErrors.push(message.text().slice(0, 300));
    });
    const scripts = recordScripts(page, options.origin);
    const firstMs = await openOnce(page, options.origin);
    await page.waitForTimeout(200); // the last requestfinished handlers read their sizes
    const javascript = totals(options.distDir, options.origin, scripts);
    const again: number[] = [];
    for (let i = 0; i < options.opens; i++) again.push(await openOnce(page, options.origin));
    return {
      runs: options.runs,
      firstMs,
      againMs: summarise(again),
      javascript,
      dashboardChunks: chunksContaining(options.distDir, 'Analytics Dashboard'),
      consoleErrors,
    };
  } finally {
    await context.close();
  }
}
