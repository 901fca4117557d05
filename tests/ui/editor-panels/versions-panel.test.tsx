/**
 * The editor's versions panel against a fake server: the list a user sees (names, states, dates, which
 * one is open), opening a version, 'Use as draft' with and without the replace-the-draft question, and
 * the loading, error and empty states; Escape and the close button close it.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { VersionsPanel } from '../../../src/ui/screens/editor/panels/versions-panel.tsx';
import { button, buttons, click, createHarness, press, settle, textOf, type Handler } from './harness.tsx';

const h = createHarness();
afterEach(() => h.cleanup());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const version = (id: string, displayName: string, state: 'DRAFT' | 'LOCKED', updated = minutesAgo(1)) => ({
  id,
  flowId: 'flow-1',
  displayName,
  state,
  valid: true,
  created: updated,
  updated,
});

const WITH_DRAFT = {
  versions: [version('v3', 'Send invoices (draft)', 'DRAFT'), version('v2', 'Send invoices', 'LOCKED'), version('v1', 'Old', 'LOCKED', '2024-03-04T10:00:00.000Z')],
  activeVersionId: 'v2',
};

interface Calls {
  opened: string[];
  drafted: string[];
  closed: number;
}

async function renderPanel(handler: Handler, options: { openVersionId?: string; useAsDraft?: (id: string) => Promise<void> } = {}) {
  const calls: Calls = { opened: [], drafted: [], closed: 0 };
  h.serve(handler);
  await h.render(
    <VersionsPanel
      flowId="flow-1"
      publishedVersionId="v2"
      openVersionId={options.openVersionId ?? 'v3'}
      onOpenVersion={(id) => calls.opened.push(id)}
      onUseAsDraft={async (id) => {
        calls.drafted.push(id);
        await options.useAsDraft?.(id);
      }}
      onClose={() => {
        calls.closed += 1;
      }}
    />,
  );
  return calls;
}

const panel = () => document.querySelector('aside[aria-label="Versions"]')!;
const items = () => Array.from(panel().querySelectorAll('li'));
const versionRequests = () => h.requests.filter((r) => r.url.pathname === '/api/workflow/flow-1/versions');

describe('VersionsPanel', () => {
  it('lists the versions newest first with their state, last change and which one is open', async () => {
    await renderPanel(() => ({ body: WITH_DRAFT }));
    expect(versionRequests()).toHaveLength(1);
    expect(panel().querySelector('h2')!.textContent).toBe('Versions');
    const rows = items();
    expect(rows.map((row) => row.querySelector('.panel-item-title')!.textContent)).toEqual(['Send invoices (draft)', 'Send invoices', 'Old']);
    expect(rows.map((row) => row.querySelector('.badge')!.textContent)).toEqual(['Draft', 'Published', 'Locked']);
    expect(textOf(rows[0])).toMatch(/Updated (Today|Yesterday) at \d/);
    expect(textOf(rows[2])).toContain('Updated Mar 4, 2024');
    expect(rows[0]!.querySelector('[aria-current="true"]')).not.toBeNull();
    expect(textOf(rows[0])).toContain('Open now');
    expect(panel().querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  });

  it('opens a version when it is clicked', async () => {
    const calls = await renderPanel(() => ({ body: WITH_DRAFT }), { openVersionId: 'v2' });
    expect(items()[1]!.querySelector('[aria-current="true"]')).not.toBeNull();
    await click(items()[2]!.querySelector('.panel-item-main'));
    expect(calls.opened).toEqual(['v1']);
  });

  it('offers Use as draft on locked versions only, and asks before replacing the draft', async () => {
    const calls = await renderPanel(() => ({ body: WITH_DRAFT }));
    expect(items().map((row) => button('Use as draft', row) !== undefined)).toEqual([false, true, true]);

    await click(button('Use as draft', items()[2]!));
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(textOf(dialog)).toContain('This replaces the current draft with this version. Continue?');
    expect(calls.drafted).toEqual([]);
    await click(button('Cancel', dialog));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(calls.drafted).toEqual([]);

    await click(button('Use as draft', items()[2]!));
    const confirm = buttons('Use as draft', document.querySelector('[role="alertdialog"]')!)[0]!;
    await click(confirm);
    expect(calls.drafted).toEqual(['v1']);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    // The list is asked again: the draft changed.
    expect(versionRequests()).toHaveLength(2);
  });

  it('uses a version as draft at once when there is no draft to replace', async () => {
    const calls = await renderPanel(() => ({ body: { versions: WITH_DRAFT.versions.slice(1), activeVersionId: 'v2' } }), { openVersionId: 'v2' });
    await click(button('Use as draft', items()[0]!));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(calls.drafted).toEqual(['v2']);
  });

  it('says so when using a version as draft fails', async () => {
    await renderPanel(() => ({ body: { versions: WITH_DRAFT.versions.slice(1), activeVersionId: 'v2' } }), {
      useAsDraft: async () => {
        throw new Error('boom');
      },
    });
    await click(button('Use as draft', items()[1]!));
    expect(textOf(panel().querySelector('[role="alert"]'))).toContain('Could not use this version as the draft.');
  });

  it('shows a skeleton while loading, then an error with Retry that asks again', async () => {
    let release: () => void = () => {};
    let fail = true;
    await renderPanel(async () => {
      if (versionRequests().length === 1) await new Promise<void>((resolve) => (release = resolve));
      // A refusal: server errors are retried (with back-off) before the panel shows them.
      return fail ? { status: 403, body: { code: 'FORBIDDEN', message: 'Not allowed right now' } } : { body: WITH_DRAFT };
    });
    expect(textOf(panel().querySelector('[role="status"]'))).toBe('Loading versions');
    release();
    await settle();
    expect(textOf(panel().querySelector('[role="alert"]'))).toContain('Could not load the versions');
    expect(textOf(panel().querySelector('[role="alert"]'))).toContain('Not allowed right now');
    fail = false;
    await click(button('Retry', panel()));
    expect(items()).toHaveLength(3);
  });

  it('has an empty state', async () => {
    await renderPanel(() => ({ body: { versions: [], activeVersionId: null } }));
    expect(textOf(panel())).toContain('No versions yet');
  });

  it('closes with the close button and with Escape pressed inside it', async () => {
    const calls = await renderPanel(() => ({ body: WITH_DRAFT }));
    await click(button('Close panel', panel()));
    expect(calls.closed).toBe(1);
    await press(items()[0]!.querySelector('button')!, 'Escape');
    expect(calls.closed).toBe(2);
    // Escape in the confirmation dialog closes the dialog, not the panel.
    await click(button('Use as draft', items()[1]!));
    await press(document.querySelector('[role="alertdialog"] button')!, 'Escape');
    expect(calls.closed).toBe(2);
  });
});
