/**
 * `node --import tsx bench/ui/add-after-open.ts [DIST] [--steps N] [--rounds N]`: a step added right after
 * the editor opened a large flow, as a user who starts at once would — from the picker's click to the new
 * card on the canvas, each round on a fresh copy of the flow in a fresh browser context. While ELK still
 * refines the first layout, that edit's layout must not wait for it (src/worker/layout-feed.ts). A figure,
 * not a test; the build in DIST (default .tmp/bench-ui-dist) must exist.
 */
import { fromNestedFlow, toNestedFlowJson } from '../../src/domain/flow/index.ts';
import { mixedFlow } from '../flow-generator.ts';
import { DEFAULT_DIST, importFlow, launchBrowser, login, registerUser, signedInContext, startServer } from './setup.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1] ?? fallback) || fallback;
const dist = args[0] && !args[0].startsWith('--') ? args[0] : DEFAULT_DIST;
const steps = args.includes('--steps') ? option('--steps', 10_000) : 10_000;
const rounds = args.includes('--rounds') ? option('--rounds', 4) : 4;

const server = await startServer(dist);
const browser = await launchBrowser();
try {
  await registerUser(server.origin);
  const session = await login(server.origin);
  const text = toNestedFlowJson(fromNestedFlow(mixedFlow(steps).nested, { id: 'bench', flowId: 'bench' }));
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const { id } = await importFlow(server.origin, session.accessToken, text);
    const context = await signedInContext(browser, session);
    const page = await context.newPage();
    await page.goto(`${server.origin}/workflows/${id}/edit`);
    await page.locator('[data-ready="true"]').first().waitFor();
    await page.getByRole('button', { name: /^Add a step/ }).first().click();
    const code = page.locator('.step-picker-option').filter({ has: page.locator('.settings-piece-name').getByText('Code', { exact: true }) });
    await code.waitFor();
    const clicked = Date.now();
    await code.click();
    // The new step is selected: its name is in the settings panel; its card is drawn once its layout came.
    await page.waitForFunction(
      () => {
        const name = /step_\d+/.exec(document.querySelector('.step-settings-meta')?.textContent ?? '')?.[0];
        return name !== undefined && document.querySelector(`.react-flow__node[data-id="${name}"]`) !== null;
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    samples.push(Date.now() - clicked);
    await context.close();
  }
  console.log(`${steps.toLocaleString('en')} steps, a Code step added right after the open: picker click → card drawn ${samples.join(', ')} ms (${dist})`);
} finally {
  await browser.close();
  await server.stop();
}
