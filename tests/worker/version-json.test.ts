/**
 * The cached serialisation of saves: the same JSON as plain JSON.stringify, unsaved records that read
 * back, and old-format records still read.
 */
import { describe, expect, it } from '@rstest/core';
import { applyOperation, createAction, flowOperationSchema, fromStoredVersion, toStoredContent, toStoredVersion } from '../../src/domain/flow/index.ts';
import { bodyBlob } from '../../src/worker/autosave-body.ts';
import { readUnsavedRecord, storedContentOf, storedVersionOf, unsavedRecordOf } from '../../src/worker/version-records.ts';
import { sampleVersion } from './support/editor-harness.ts';

describe('saving a version as JSON', () => {
  it('sends exactly what JSON.stringify would, before and after an edit, with awkward names', async () => {
    let version = sampleVersion();
    const body = (v: typeof version) => ({ version_id: 'v1', configuration: storedContentOf(v), display_name: 'a "configuration":0 name', updated: 'rev-1' });
    expect(JSON.parse(await (await bodyBlob(body(version))).text())).toEqual(JSON.parse(JSON.stringify({ ...body(version), configuration: toStoredContent(version) })));
    const step = version.steps[1]!;
    version = applyOperation(version, flowOperationSchema.parse({ type: 'UPDATE_ACTION', request: { ...step, displayName: 'Renamed "quoted"' } }));
    version = applyOperation(version, flowOperationSchema.parse({ type: 'ADD_ACTION', request: { parentStep: 'step_2', action: createAction('LOOP_ON_ITEMS', 'step_3') } }));
    const parsed = JSON.parse(await (await bodyBlob(body(version))).text());
    expect(parsed.configuration).toEqual(JSON.parse(JSON.stringify(toStoredContent(version))));
    expect(parsed.display_name).toBe('a "configuration":0 name');
    expect(storedVersionOf(version)).toEqual(toStoredVersion(version));
  });

  it('keeps unsaved changes as JSON text that reads back, and still reads the older object records', () => {
    const version = sampleVersion();
    const record = unsavedRecordOf(version, 123);
    expect(record.formatVersion).toBe(2);
    expect(readUnsavedRecord(record, 'v1')).toEqual(fromStoredVersion(toStoredVersion(version)));
    expect(readUnsavedRecord(record, 'other')).toBeNull();
    expect(readUnsavedRecord({ formatVersion: 1, savedAt: 1, version: toStoredVersion(version) }, 'v1')).toEqual(fromStoredVersion(toStoredVersion(version)));
    expect(readUnsavedRecord({ formatVersion: 2, savedAt: 1, versionJson: '{not json' }, 'v1')).toBeNull();
  });
});
