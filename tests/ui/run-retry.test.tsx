/**
 * Retry and replay on /executions/{id} (issue 15) in a real React tree (react-dom + happy-dom) against a
 * stubbed fetch: a failed run offers 'Retry from failed step' and 'Run again on the latest version', asks
 * the retry route with the strategy and opens the new run; a succeeded run offers only the second; a
 * running one neither; the links both ways lead to the linked runs; a refusal keeps the page where it is.
 */
import { describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { ExecutionDetailScreen } from '../../src/ui/screens/executions/execution-detail-screen.tsx';
import { reactTree, renderRoutes, requests, settle, stubApi } from './retry-harness.tsx';

const tree = reactTree();
const renderAt = (path: string) => renderRoutes(tree, [{ path: '/executions/:id', Component: ExecutionDetailScreen }], path);

const buttonNamed = (name: string) => Array.from(tree.container.querySelectorAll('button')).find((b) => b.textContent?.trim() === name);

const run = (id: string, status: string, extra: object = {}) => ({
  id,
  flowId: 'flow-1',
  workflowName: 'Order sync',
  versionId: 'v1',
  status,
  startTime: new Date(Date.now() - 60_000).toISOString(),
  finishTime: status === 'RUNNING' ? null : new Date().toISOString(),
  duration: status === 'RUNNING' ? null : 1200,
  steps: [{ stepName: 'trigger', displayName: 'Run manually', type: 'EMPTY', status: 'SUCCEEDED', input: null, output: {}, error: null, duration: 0 }],
  ...extra,
});

const FAILED_ID = '11111111-1111-4111-8111-111111111111';
const RETRY_ID = '22222222-2222-4222-8222-222222222222';

describe('retrying a run from its page', () => {
  it('retries a failed run from its failed step and opens the new run, linked back', async () => {
    stubApi((url, init) => {
      if (init?.method === 'POST') return { status: 202, body: run(RETRY_ID, 'RUNNING', { queued: true, steps: [], retryOf: { id: FAILED_ID, strategy: 'FROM_FAILED_STEP', status: 'FAILED', startTime: new Date().toISOString() }, retries: [] }) };
      if (url.pathname.endsWith(RETRY_ID)) return { body: run(RETRY_ID, 'SUCCEEDED', { retryOf: { id: FAILED_ID, strategy: 'FROM_FAILED_STEP', status: 'FAILED', startTime: new Date().toISOString() }, retries: [] }) };
      return { body: run(FAILED_ID, 'FAILED', { retryOf: null, retries: [] }) };
    });
    const router = await renderAt(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Run again on the latest version')).toBeDefined();
    await act(async () => buttonNamed('Retry from failed step')!.click());
    await settle();
    expect(requests.find((request) => request.method === 'POST')).toEqual({ method: 'POST', path: `/api/workflow/execution/${FAILED_ID}/retry`, body: { strategy: 'FROM_FAILED_STEP' } });
    expect(router.state.location.pathname).toBe(`/executions/${RETRY_ID}`);
    const back = tree.container.querySelector(`a[href="/executions/${FAILED_ID}"]`);
    expect(back?.closest('div')?.textContent).toContain('Retry of');
    expect(back?.textContent).toContain('Failed');
  });

  it('offers only a run again for a succeeded run, and nothing while a run goes on', async () => {
    let status = 'SUCCEEDED';
    stubApi(() => ({ body: run(FAILED_ID, status, { retries: [{ id: RETRY_ID, strategy: 'ON_LATEST_VERSION', status: 'SUCCEEDED', startTime: new Date().toISOString() }] }) }));
    await renderAt(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Retry from failed step')).toBeUndefined();
    expect(buttonNamed('Run again on the latest version')).toBeDefined();
    const retries = tree.container.querySelector('[aria-label="Retries of this run"]');
    expect(retries?.querySelector(`a[href="/executions/${RETRY_ID}"]`)).not.toBeNull();

    await act(async () => tree.root.unmount());
    tree.root = createRoot(tree.container);
    status = 'RUNNING';
    await renderAt(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Run again on the latest version')).toBeUndefined();
  });

  it('stays on the run when the retry is refused (the daily quota)', async () => {
    stubApi((_, init) =>
      init?.method === 'POST' ? { status: 429, body: { code: 'QUOTA_EXCEEDED', message: 'Daily run quota reached' } } : { body: run(FAILED_ID, 'FAILED') },
    );
    const router = await renderAt(`/executions/${FAILED_ID}`);
    await act(async () => buttonNamed('Run again on the latest version')!.click());
    await settle();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Run again on the latest version')!.disabled).toBe(false);
  });
});
