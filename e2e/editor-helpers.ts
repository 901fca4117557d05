/**
 * Helpers for the editor specs (e2e/editor-*.spec.ts): a fresh workflow opened in the editor, the canvas's
 * nodes and '+' buttons, the step picker, the save indicator, and the saved version read back from the
 * server with the signed-in user's token (verification only; every edit goes through the UI).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, signedInPage } from './fixtures.ts';

/** The autosave, whatever its query (the editor asks for the saved version's head: ?reply=head). */
export const AUTOSAVE_ROUTE = /\/api\/workflow\/version\/autosave(\?|$)/;

export interface StoredStep {
  name: string;
  type: 'CODE' | 'PIECE' | 'LOOP_ON_ITEMS' | 'ROUTER';
  displayName: string;
  valid: boolean;
  skip?: boolean;
  next: string | null;
  firstLoopStep?: string | null;
  children?: (string | null)[];
  settings: Record<string, unknown> & {
    branches?: { branchName: string; branchType: 'CONDITION' | 'FALLBACK'; conditions?: { firstValue: string; operator: string; secondValue?: string }[][] }[];
    items?: string;
  };
}

export interface StoredVersion {
  id: string;
  displayName: string;
  state: 'DRAFT' | 'LOCKED';
  valid: boolean;
  trigger: { type: string; displayName: string; next: string | null; settings: Record<string, unknown> };
  steps: StoredStep[];
}

export interface Workflow {
  flow: { id: string; displayName: string; publishedVersionId: string | null };
  version: StoredVersion;
}

async function authHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return { Authorization: `Bearer ${token}` };
}

/** Creates a workflow through the API (setup only) and answers its id. */
export async function createWorkflow(page: Page, displayName: string): Promise<string> {
  const reply = await page.request.post('/api/workflow', { headers: await authHeaders(page), data: { displayName } });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { flow: { id: string } }).flow.id;
}

/** GET /api/workflow/{id}: the draft, else the published version, as the server holds it. */
export async function serverWorkflow(page: Page, id: string): Promise<Workflow> {
  const reply = await page.request.get(`/api/workflow/${id}`, { headers: await authHeaders(page) });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as Workflow;
}

/** The saved version's steps by name, plus the trigger and display name. */
export async function serverVersion(page: Page, id: string) {
  const { version, flow } = await serverWorkflow(page, id);
  const steps = new Map(version.steps.map((step) => [step.name, step]));
  return { version, flow, steps, names: [...steps.keys()].sort() };
}

/**
 * Waits until the indicator reads 'Saved' and the server's version passes `check`. For edits the canvas
 * does not show (a condition's value), 'Saved' alone could still be the state from before the edit.
 */
export async function expectServer(page: Page, id: string, check: (saved: Awaited<ReturnType<typeof serverVersion>>) => void) {
  await expect(async () => {
    await expectSaved(page, 1_000);
    check(await serverVersion(page, id));
  }).toPass({ timeout: 15_000 });
}

export function canvas(page: Page): Locator {
  return page.getByTestId('flow-canvas');
}

export function node(page: Page, name: string): Locator {
  return page.locator(`.react-flow__node[data-id="${name}"]`);
}

export function nodeTitle(page: Page, name: string): Locator {
  return node(page, name).locator('.step-card-title');
}

/** Every step node's id on the canvas (not the trigger), sorted. */
/**
 * Expects step `name` on the canvas with `title`. Only what is on screen is rendered and the layout
 * arrives from the worker after the edit, so the view is fitted until the card is there.
 */
export async function expectTitle(page: Page, name: string, title: string) {
  await expect(async () => {
    await fitView(page);
    await expect(nodeTitle(page, name)).toHaveText(title, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Expects no step `name` anywhere on the canvas (the view fitted, so nothing is hidden off screen). */
export async function expectNoNode(page: Page, name: string) {
  await expect(async () => {
    await fitView(page);
    await expect(node(page, name)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

export async function canvasStepNames(page: Page): Promise<string[]> {
  const ids = await page.locator('.react-flow__node-step').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id') ?? ''));
  return ids.sort();
}

/** Expects exactly these steps on the canvas (the view fitted so every card is rendered). */
export async function expectCanvasSteps(page: Page, names: string[]) {
  await expect(async () => {
    await fitView(page);
    expect(await canvasStepNames(page)).toEqual([...names].sort());
  }).toPass({ timeout: 10_000 });
}

export function saveIndicator(page: Page): Locator {
  return page.getByTestId('save-indicator');
}

/** Waits until the editor says the server has every change. */
export async function expectSaved(page: Page, timeout = 15_000) {
  await expect(saveIndicator(page)).toHaveText('Saved', { timeout });
}

/** Signs a new user in, creates a workflow and opens it in the editor, waiting for a laid-out canvas. */
export async function openNewWorkflow(page: Page, displayName = 'Editor test') {
  const user = await signedInPage(page);
  const id = await createWorkflow(page, displayName);
  await openEditor(page, id);
  return { id, user };
}

/** Opens the editor and waits until it can edit: a large flow is drawn first, read-only while 'Opening…'. */
export async function openEditor(page: Page, id: string) {
  await page.goto(`/workflows/${id}/edit`);
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true');
  await expect(node(page, 'trigger')).toBeVisible();
  await expect(saveIndicator(page)).not.toHaveText('Opening…', { timeout: 30_000 });
}

export function stepSettings(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Step settings' });
}

export function picker(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Add a step' });
}

/** Clicks the '+' labelled `plusLabel` (the nth when several match) and picks `item` in the step picker. */
export async function addStep(page: Page, plusLabel: string, item: 'Code' | 'Loop on Items' | 'Router', nth = 0) {
  // The '+' may belong to a step whose layout is still on its way from the worker: fit until it is there.
  await expect(async () => {
    await fitView(page);
    await page.getByRole('button', { name: plusLabel, exact: true }).nth(nth).click({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const dialog = picker(page);
  await expect(dialog).toBeVisible();
  const meta = stepSettings(page).locator('.step-settings-meta');
  const shownBefore = (await meta.count()) > 0 ? await meta.textContent() : null;
  await dialog.locator('.step-picker-option').filter({ has: page.locator('.settings-piece-name').getByText(item, { exact: true }) }).click();
  await expect(dialog).toBeHidden();
  // The picker closes before the core has added the step; until the new step's settings are shown, the
  // panel still belongs to the step selected before, and typing would edit that one.
  await expect(meta).toContainText(` · ${item}`);
  if (shownBefore !== null) await expect(meta).not.toHaveText(shownBefore);
}

/** Picks the Manual trigger in the trigger's settings (its "Choose how the workflow starts" list). */
export async function chooseManualTrigger(page: Page) {
  await node(page, 'trigger').click();
  const list = stepSettings(page).getByRole('list', { name: 'Choose how the workflow starts' });
  await list.getByRole('button', { name: /^Manual/ }).click();
  await expect(nodeTitle(page, 'trigger')).toHaveText('Run manually');
}

/** The canvas controls that fit the whole flow in view (only what is on screen is rendered). */
export async function fitView(page: Page) {
  await page.locator('.react-flow__controls-fitview').click();
  // A bit smaller, so the '+' under the last card is inside the view too.
  await page.locator('.react-flow__controls-zoomout').click();
}

/** Moves the keyboard focus to the canvas (not a field), where the editor's shortcuts apply. */
export async function focusCanvas(page: Page) {
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
}

/** Selects a step by clicking its card (fitting the view first when the card is off screen). */
export async function selectStep(page: Page, name: string) {
  const card = node(page, name).locator('.step-card');
  await expect(async () => {
    if ((await card.count()) === 0) await fitView(page);
    await card.click({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(card).toHaveClass(/is-primary/);
}

/**
 * Builds Manual trigger → step_1 Code → step_2 Loop { step_3 Code } → step_4 Router { Branch 1: step_5
 * Code, Otherwise: empty }, through the canvas's '+' buttons and the picker.
 */
export async function buildLoopAndRouter(page: Page) {
  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Code');
  await expectTitle(page, 'step_1', 'Code');
  await addStep(page, 'Add a step after Code', 'Loop on Items');
  await expectTitle(page, 'step_2', 'Loop on Items');
  await addStep(page, 'Add a step to this loop', 'Code');
  await expectTitle(page, 'step_3', 'Code');
  await addStep(page, 'Add a step after Loop on Items', 'Router');
  await expectTitle(page, 'step_4', 'Router');
  await addStep(page, 'Add a step to this branch', 'Code', 0);
  await expectTitle(page, 'step_5', 'Code');
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3', 'step_4', 'step_5']);
}
