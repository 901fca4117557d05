/**
 * A save's body from encoded chunks (autosave-body.ts): the same JSON as JSON.stringify of the request, and
 * after a one-step edit only that step's chunk is encoded again, so a save's cost in the worker follows
 * the edit, not the flow.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { mixedFlow } from '../../bench/flow-generator.ts';
import { applyOperation, flowOperationSchema, fromNestedFlow, toStoredContent, type FlatVersion, type FlowOperationInput } from '../../src/domain/flow/index.ts';
import { bodyBlob } from '../../src/worker/autosave-body.ts';
import { STEPS_PER_CHUNK } from '../../src/worker/unsaved-record.ts';
import { storedContentOf } from '../../src/worker/version-records.ts';

const apply = (version: FlatVersion, input: FlowOperationInput): FlatVersion => applyOperation(version, flowOperationSchema.parse(input));
const request = (version: FlatVersion) => ({ version_id: 'v1', configuration: storedContentOf(version), display_name: version.displayName, updated: 'rev-1' });
const expected = (version: FlatVersion) => JSON.parse(JSON.stringify({ ...request(version), configuration: toStoredContent(version) })) as unknown;
const sent = async (version: FlatVersion, options?: Parameters<typeof bodyBlob>[1]) => JSON.parse(await (await bodyBlob(request(version), options)).text()) as unknown;

/** Characters of text turned into bytes by `new Blob(...)` while the test runs. */
let encodedChars = 0;
const RealBlob = globalThis.Blob;
beforeEach(() => {
  encodedChars = 0;
  globalThis.Blob = class extends RealBlob {
    constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
      super(parts, options);
      for (const part of parts ?? []) if (typeof part === 'string') encodedChars += part.length;
    }
  };
});
afterEach(() => {
  globalThis.Blob = RealBlob;
});

describe('an autosave body from encoded chunks', () => {
  it('is the request as JSON, and after a rename encodes only the renamed step’s chunk', async () => {
    let version = fromNestedFlow(mixedFlow(2000).nested, { id: 'v1', flowId: 'f1' });
    expect(Math.ceil(version.steps.length / STEPS_PER_CHUNK)).toBeGreaterThan(5);
    expect(await sent(version)).toEqual(expected(version));
    const whole = encodedChars;

    const step = version.steps.find((s) => s && s.type === 'CODE' && Number(s.name.slice(5)) > STEPS_PER_CHUNK)!;
    version = apply(version, { type: 'UPDATE_ACTION', request: { ...step, displayName: 'Renamed "quoted"' } } as FlowOperationInput);
    encodedChars = 0;
    expect(await sent(version)).toEqual(expected(version));
    // One chunk of the steps and the envelope, not the flow.
    expect(encodedChars).toBeLessThan(whole / 4);
    expect(encodedChars).toBeGreaterThan(0);
  });

  it('follows deletes, additions and a shorter flow, chunk by chunk', async () => {
    let version = fromNestedFlow(mixedFlow(1200).nested, { id: 'v1', flowId: 'f1' });
    await sent(version);
    const last = version.steps.findLast((s) => s && s.type === 'CODE')!;
    version = apply(version, { type: 'DELETE_ACTION', request: { names: [last.name] } } as FlowOperationInput);
    expect(await sent(version)).toEqual(expected(version));
    const first = version.steps.find((s) => s && s.type === 'CODE')!;
    version = apply(version, { type: 'DELETE_ACTION', request: { names: [first.name] } } as FlowOperationInput);
    expect(await sent(version)).toEqual(expected(version));

    const short = fromNestedFlow(mixedFlow(30).nested, { id: 'v1', flowId: 'f1' });
    expect(await sent(short)).toEqual(expected(short));
    const long = fromNestedFlow(mixedFlow(1200).nested, { id: 'v1', flowId: 'f1' });
    expect(await sent(long)).toEqual(expected(long));
  });

  it('lets waiting messages run while it encodes a large flow for the first time, and not after an edit', async () => {
    let version = fromNestedFlow(mixedFlow(1500).nested, { id: 'v2', flowId: 'f2' });
    let clock = 0;
    let yields = 0;
    // Each reading of the clock is 4 ms later: a slice ends every other chunk.
    const options = { now: () => (clock += 4), yieldToEvents: async () => void yields++ };
    expect(await sent(version, options)).toEqual(expected(version));
    expect(yields).toBeGreaterThan(1);
    const step = version.steps.find((s) => s && s.type === 'CODE')!;
    version = apply(version, { type: 'UPDATE_ACTION', request: { ...step, displayName: 'Again' } } as FlowOperationInput);
    yields = 0;
    expect(await sent(version, options)).toEqual(expected(version));
    expect(yields).toBeLessThanOrEqual(1);
  });

  it('sends any other body whole', async () => {
    const body = { workflow_id: 'w1', version_id: 'v1', note: 'a "configuration":0 text' };
    expect(JSON.parse(await (await bodyBlob(body)).text())).toEqual(body);
  });
});
