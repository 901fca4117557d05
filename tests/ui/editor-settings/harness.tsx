/**
 * Renders the step settings panel the way the editor does: a version mirror that is replaced after each
 * operation, here by applying the operation with the domain directly (what the editor core does in its
 * worker). Records every operation sent, and finds controls by their label as a user would.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  applyOperation,
  createEmptyVersion,
  flowOperationSchema,
  type FlatVersion,
  type FlowOperationInput,
} from '../../../src/domain/index.ts';
import { StepSettingsPanel } from '../../../src/ui/screens/editor/settings/step-settings-panel.tsx';
import { actionForChoice, type StepChoice } from '../../../src/ui/screens/editor/settings/step-picker.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// An HTTP step's 'Connection' asks the server for the user's connections as soon as it shows: here there
// are none (a test that needs some answers the request itself), and nothing reaches for a real server.
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  String(input).includes('/workflow/options')
    ? Promise.resolve(new Response(JSON.stringify({ options: [] }), { status: 200, headers: { 'content-type': 'application/json' } }))
    : realFetch(input, init)) as typeof fetch;

export interface Sent {
  operation: FlowOperationInput;
  options: { groupKey?: string | null } | undefined;
}

export const applyTo = (version: FlatVersion, operation: FlowOperationInput) => applyOperation(version, flowOperationSchema.parse(operation));

/** A draft with one step added after the trigger: step_1 of the given choice. */
export function versionWith(choice: StepChoice): FlatVersion {
  return applyTo(createEmptyVersion({ id: 'v1', flowId: 'f1' }), {
    type: 'ADD_ACTION',
    request: { parentStep: 'trigger', action: actionForChoice(choice, 'step_1') },
  });
}

export class PanelHarness {
  readonly container = document.createElement('div');
  readonly sent: Sent[] = [];
  breaks = 0;
  closed = 0;
  version: FlatVersion;
  /** When set, operations are recorded but the version is not updated until `flush()`. */
  holdUpdates = false;
  /** When set, the next operation is refused with this error (and nothing changes). */
  refuseNext: (Error & { code?: string }) | undefined;
  private held: FlowOperationInput[] = [];
  private root: Root;
  // A prop with server choices (the Store's key) asks through TanStack Query once focused, as in the app;
  // the data picker reads the workflow's samples there (a test may seed them).
  readonly queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  private setVersion: ((version: FlatVersion) => void) | undefined;

  constructor(version: FlatVersion, private stepName: string, private readOnly = false) {
    this.version = version;
    document.body.appendChild(this.container);
    this.root = createRoot(this.container);
  }

  async render() {
    const Host = () => {
      const [version, setVersion] = useState(this.version);
      this.setVersion = setVersion;
      return (
        <StepSettingsPanel
          version={version}
          stepName={this.stepName}
          readOnly={this.readOnly}
          apply={async (operation, options) => {
            this.sent.push({ operation, options });
            const refusal = this.refuseNext;
            this.refuseNext = undefined;
            if (refusal) throw refusal;
            if (this.holdUpdates) this.held.push(operation);
            else this.replace(applyTo(this.version, operation));
          }}
          breakGroup={() => this.breaks++}
          onClose={() => this.closed++}
        />
      );
    };
    await act(async () =>
      this.root.render(
        <QueryClientProvider client={this.queries}>
          <Host />
        </QueryClientProvider>,
      ),
    );
    return this;
  }

  /** Applies the held operations in order, as late answers from the core. */
  async flush() {
    await act(async () => {
      for (const operation of this.held.splice(0)) this.replace(applyTo(this.version, operation));
    });
  }

  /** Shows another version, as undo or redo does. */
  async show(version: FlatVersion) {
    await act(async () => this.replace(version));
  }

  private replace(version: FlatVersion) {
    this.version = version;
    this.setVersion?.(version);
  }

  /** The edited step's (or trigger's) `valid` in the version shown: the domain's verdict, as the user sees it. */
  get judged(): boolean | undefined {
    return this.stepName === 'trigger' ? this.version.trigger.valid : this.version.steps[Number(this.stepName.slice(5))]?.valid;
  }

  get lastRequest(): Record<string, unknown> {
    const last = this.sent.at(-1);
    if (!last) throw new Error('nothing sent');
    return last.operation.request as Record<string, unknown>;
  }

  async unmount() {
    await act(async () => this.root.unmount());
    this.queries.clear();
    this.container.remove();
  }

  // ---- finding things as a user does ----

  /** The control a <label> with this text (ignoring the required mark) points at. */
  control<T extends HTMLElement = HTMLInputElement>(label: string, within: ParentNode = this.container): T {
    const found = Array.from(within.querySelectorAll('label')).filter((l) => l.textContent?.replace(/\*$/, '') === label);
    if (found.length !== 1) throw new Error(`${found.length} labels '${label}'`);
    const control = this.container.ownerDocument.getElementById(found[0]!.htmlFor);
    if (!control) throw new Error(`label '${label}' points at nothing`);
    return control as T;
  }

  hasControl(label: string, within: ParentNode = this.container): boolean {
    return Array.from(within.querySelectorAll('label')).some((l) => l.textContent?.replace(/\*$/, '') === label);
  }

  button(name: string, within: ParentNode = this.container): HTMLButtonElement {
    const found = Array.from(within.querySelectorAll('button')).filter(
      (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
    );
    if (found.length !== 1) throw new Error(`${found.length} buttons '${name}'`);
    return found[0]!;
  }

  section(name: string): HTMLElement {
    const found = this.container.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
    if (!found) throw new Error(`no section '${name}'`);
    return found;
  }

  errorOf(control: HTMLElement): string | undefined {
    const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error'))?.textContent ?? undefined;
  }
}

// ---- acting as a user does ----

export async function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    // React tracks the value itself; the native setter makes the change visible to it.
    const proto = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function click(element: HTMLElement) {
  await act(async () => element.click());
}

export async function blur(element: HTMLElement) {
  await act(async () => {
    element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

export async function press(element: HTMLElement, key: string, init: KeyboardEventInit = {}) {
  let event!: KeyboardEvent;
  await act(async () => {
    event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    element.dispatchEvent(event);
  });
  return event;
}
