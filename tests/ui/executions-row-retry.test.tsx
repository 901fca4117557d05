/**
 * Retrying a run from the executions list (issue 15) in a real React tree (react-dom + happy-dom) against a
 * stubbed fetch: each finished row's '…' menu offers what the run's page offers (a failure both
 * strategies, any other finished run only the latest version, a running run nothing), picking one asks
 * the retry route with that strategy, says so in a toast and reads the list again so the new run shows,
 * without leaving the list; a refusal is said and the list stays as it was.
 */
import { describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { Toaster } from 'sonner';
import { ExecutionsScreen } from '../../src/ui/screens/executions/executions-screen.tsx';
import { reactTree, renderRoutes, requests, settle, stubApi } from './retry-harness.tsx';

const tree = reactTree();
const renderList = () =>
  renderRoutes(
    tree,
    [
      { path: '/executions', Component: ExecutionsScreen },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/executions',
    <Toaster />,
  );

const trigger = (id: string) => document.querySelector<HTMLButtonElement>(`button[aria-label^="Actions for run ${id.slice(0, 8)} "]`);
const menuItems = () => Array.from(document.querySelectorAll<HTMLElement>('[role="menuitem"]'));
const itemNamed = (name: string) => menuItems().find((item) => item.textContent?.trim() === name);

async function click(el: HTMLElement) {
  await act(async () => el.click());
  await settle();
}

async function openMenu(id: string) {
  await click(trigger(id)!);
  return menuItems().map((item) => item.textContent?.trim());
}

async function closeMenu() {
  await act(async () => document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
  await settle();
}

/** A menu picks the item the pointer is over, as in a browser: move onto it, then click. */
async function pick(name: string) {
  const item = itemNamed(name)!;
  for (const x of [1, 2]) await act(async () => item.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', clientX: x, clientY: x })));
  await click(item);
}

const run = (id: string, status: string) => ({
  id,
  flowId: 'flow-1',
  workflowName: 'Order sync',
  versionId: 'v1',
  status,
  startTime: new Date(Date.now() - 60_000).toISOString(),
  finishTime: status === 'RUNNING' ? null : new Date().toISOString(),
  duration: status === 'RUNNING' ? null : 1200,
});

const FAILED = '11111111-1111-4111-8111-111111111111';
const SUCCEEDED = '22222222-2222-4222-8222-222222222222';
const TIMED_OUT = '33333333-3333-4333-8333-333333333333';
const QUOTA = '44444444-4444-4444-8444-444444444444';
const RUNNING = '55555555-5555-4555-8555-555555555555';
const NEW_RUN = '66666666-6666-4666-8666-666666666666';

const listed = [run(FAILED, 'FAILED'), run(SUCCEEDED, 'SUCCEEDED'), run(TIMED_OUT, 'TIMEOUT'), run(QUOTA, 'QUOTA_EXCEEDED'), run(RUNNING, 'RUNNING')];
const page = (data: object[]) => ({ data, total: data.length, page: 1, limit: 10 });
const workflows = { data: [{ id: 'flow-1', displayName: 'Order sync' }], total: 1, page: 1, limit: 100 };

/** The list as the server has it; a retry adds the new run on top, as the server would. */
function stubServer(retryReply: { status?: number; body: unknown } = { status: 202, body: { ...run(NEW_RUN, 'RUNNING'), queued: true, steps: [] } }) {
  let runs = [...listed];
  stubApi((url, init) => {
    if (url.pathname === '/api/workflow/paginate') return { body: workflows };
    if (init?.method === 'POST') {
      if ((retryReply.status ?? 200) < 300) runs = [run(NEW_RUN, 'RUNNING'), ...runs];
      return retryReply;
    }
    return { body: page(runs) };
  });
}

const listReads = () => requests.filter((request) => request.path === '/api/workflow/executions').length;
const toastText = () => Array.from(document.querySelectorAll('[data-sonner-toast]')).map((toast) => toast.textContent).join(' | ');

describe('retrying a run from the executions list', () => {
  it('offers per row what the run page offers, named for that run', async () => {
    stubServer();
    await renderList();
    expect(trigger(FAILED)!.getAttribute('aria-label')).toBe('Actions for run 11111111 of Order sync');
    // issue 17: every finished run's menu ends with Delete
    expect(await openMenu(FAILED)).toEqual(['Retry from failed step', 'Run again on the latest version', 'Delete']);
    await closeMenu();
    expect(menuItems()).toHaveLength(0);
    expect(await openMenu(TIMED_OUT)).toEqual(['Retry from failed step', 'Run again on the latest version', 'Delete']);
    await closeMenu();
    expect(await openMenu(SUCCEEDED)).toEqual(['Run again on the latest version', 'Delete']);
    await closeMenu();
    // never started a step (the daily quota): nothing to retry from, but it can run again
    expect(await openMenu(QUOTA)).toEqual(['Run again on the latest version', 'Delete']);
    await closeMenu();
    expect(trigger(RUNNING)).toBeNull();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('works from the keyboard: Enter opens the menu, arrows move, Escape closes it back onto its trigger', async () => {
    stubServer();
    await renderList();
    const button = trigger(FAILED)!;
    const key = async (target: Element, name: string) => {
      await act(async () => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })));
      await settle();
    };
    button.focus();
    await key(button, 'Enter');
    expect(menuItems().map((item) => item.textContent?.trim())).toEqual(['Retry from failed step', 'Run again on the latest version', 'Delete']);
    const menu = document.querySelector('[role="menu"]')!;
    const highlighted = () => menu.querySelector('[data-highlighted]')?.textContent?.trim();
    expect(highlighted()).toBe('Retry from failed step');
    await key(menu, 'ArrowDown');
    expect(highlighted()).toBe('Run again on the latest version');
    await key(menu, 'Escape');
    expect(menuItems()).toHaveLength(0);
    expect(document.activeElement).toBe(button);
  });

  it('retries a failed run from its failed step, says so and lists the new run, staying on the list', async () => {
    stubServer();
    const router = await renderList();
    const readsBefore = listReads();
    await openMenu(FAILED);
    await pick('Retry from failed step');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/workflow/execution/${FAILED}/retry`, body: { strategy: 'FROM_FAILED_STEP' } },
    ]);
    expect(toastText()).toContain('Retry started from the failed step');
    expect(listReads()).toBeGreaterThan(readsBefore);
    const rows = Array.from(tree.container.querySelectorAll('tbody tr'));
    expect(rows).toHaveLength(6);
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe(`/executions/${NEW_RUN}`);
    expect(router.state.location.pathname).toBe('/executions');
  });

  it('runs a succeeded run again on the latest version', async () => {
    stubServer();
    await renderList();
    await openMenu(SUCCEEDED);
    await pick('Run again on the latest version');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/workflow/execution/${SUCCEEDED}/retry`, body: { strategy: 'ON_LATEST_VERSION' } },
    ]);
    expect(toastText()).toContain('Run started on the latest version');
    expect(tree.container.querySelectorAll('tbody tr')).toHaveLength(6);
  });

  it('says why when the retry is refused, and the list stays as it was', async () => {
    stubServer({ status: 400, body: { code: 'FLOW_OPERATION_INVALID', message: 'The version this run ran no longer exists' } });
    const router = await renderList();
    await openMenu(FAILED);
    await pick('Retry from failed step');
    expect(toastText()).toContain('The version this run ran no longer exists');
    expect(tree.container.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(router.state.location.pathname).toBe('/executions');
    expect(trigger(FAILED)!.disabled).toBe(false);
  });
});
