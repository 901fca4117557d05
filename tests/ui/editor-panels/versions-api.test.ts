/**
 * The version calls of src/api/workflows-api.ts against a fake fetch: what each sends, and that replies
 * are checked (a malformed list is refused; a version becomes the domain's flat model).
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { createDraftFrom, getVersion, listVersions, workflowKeys } from '../../../src/api/workflows-api.ts';

const realFetch = globalThis.fetch;
let requests: Array<{ method: string; path: string; body: unknown }>;

function reply(body: unknown, status = 200) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push({ method: init?.method ?? 'GET', path: url.pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

beforeEach(() => {
  requests = [];
  localStorage.setItem('accessToken', 'test-token');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

const NOW = '2026-01-02T03:04:05.678Z';
const stored = {
  id: 'v1',
  flowId: 'f1',
  displayName: 'My flow',
  state: 'LOCKED',
  valid: true,
  schemaVersion: null,
  trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Select Trigger', valid: false, next: 'step_1', settings: {} },
  steps: [
    {
      name: 'step_1',
      displayName: 'Code 1',
      type: 'CODE',
      valid: true,
      next: null,
      settings: { sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' }, input: {} },
    },
  ],
  created: NOW,
  updated: NOW,
};

describe('version calls', () => {
  it('lists a flow’s versions and checks the reply', async () => {
    const summary = { id: 'v1', flowId: 'f1', displayName: 'My flow', state: 'LOCKED', valid: true, created: NOW, updated: NOW };
    reply({ versions: [summary], activeVersionId: 'v1' });
    expect(await listVersions('f1')).toEqual({ versions: [summary], activeVersionId: 'v1' });
    expect(requests).toEqual([{ method: 'GET', path: '/api/workflow/f1/versions', body: undefined }]);
    reply({ versions: [{ ...summary, state: 'PUBLISHED' }], activeVersionId: 'v1' });
    await expect(listVersions('f1')).rejects.toThrow();
  });

  it('reads one version as the flat model', async () => {
    reply({ version: stored });
    const version = await getVersion('f1', 'v1');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/workflow/f1/versions/v1' });
    expect(version).toMatchObject({ id: 'v1', flowId: 'f1', state: 'LOCKED', trigger: { next: 'step_1' } });
    expect(version.steps[1]).toMatchObject({ name: 'step_1', parent: { step: 'trigger', slot: 'next' } });
  });

  it('makes the draft from a version', async () => {
    reply({ version: { ...stored, id: 'v2', state: 'DRAFT' } }, 201);
    const draft = await createDraftFrom('f1', 'v1');
    expect(requests).toEqual([{ method: 'POST', path: '/api/workflow/version', body: { workflow_id: 'f1', from_version_id: 'v1' } }]);
    expect(draft).toMatchObject({ id: 'v2', state: 'DRAFT' });
  });

  it('keys a version under its flow’s versions, so invalidating the list refreshes it', () => {
    expect(workflowKeys.version('f1', 'v1').slice(0, 3)).toEqual([...workflowKeys.versions('f1')]);
  });
});
