/**
 * The step index behind the find box and the palette: finds by step name and display name, ignores case,
 * ranks exact and leading matches first (flow order within a rank), caps the list but counts every match,
 * and is built once per version object (an edit makes a new one, whose untouched steps keep their entries).
 */
import { describe, expect, it } from '@rstest/core';
import { fromNestedFlow, type FlatStep, type FlatVersion } from '../../../src/domain/flow/index.ts';
import { searchSteps, stepIndex } from '../../../src/ui/screens/editor/find/step-search.ts';
import { mixedFlow, straightChain } from '../../../bench/flow-generator.ts';

const names = (version: FlatVersion, query: string, limit?: number) => searchSteps(stepIndex(version), query, limit).hits.map((hit) => hit.name);

function renamed(version: FlatVersion, name: string, displayName: string): FlatVersion {
  const steps = version.steps.slice();
  const at = Number(name.slice('step_'.length));
  steps[at] = { ...(steps[at] as FlatStep), displayName };
  return { ...version, steps };
}

describe('finding a step', () => {
  const chain = fromNestedFlow(straightChain(300).nested);

  it('finds by step name, exact name first, then names that start with it, in flow order', () => {
    expect(names(chain, 'step_12')).toEqual(['step_12', 'step_120', 'step_121', 'step_122', 'step_123', 'step_124', 'step_125', 'step_126', 'step_127', 'step_128', 'step_129']);
    expect(names(chain, 'step_300')).toEqual(['step_300']);
    expect(names(chain, 'step_301')).toEqual([]);
  });

  it('finds by display name, case-insensitive, with surrounding spaces ignored', () => {
    const version = renamed(chain, 'step_250', 'Send the Invoice');
    expect(names(version, '  send THE invoice ')).toEqual(['step_250']);
    expect(names(version, 'invoice')).toEqual(['step_250']);
    // The trigger is a step too.
    expect(names(version, 'select trigger')).toEqual(['trigger']);
  });

  it('ranks a display name equal to the query over one starting with it, and a word start over the middle of a word', () => {
    let version = renamed(chain, 'step_5', 'Email customer');
    version = renamed(version, 'step_9', 'Mail');
    version = renamed(version, 'step_7', 'Mail digest');
    version = renamed(version, 'step_3', 'Send mail');
    expect(names(version, 'mail')).toEqual(['step_9', 'step_7', 'step_3', 'step_5']);
  });

  it('answers nothing for an empty query, caps the hits and counts every match', () => {
    expect(searchSteps(stepIndex(chain), '   ')).toEqual({ hits: [], total: 0 });
    const result = searchSteps(stepIndex(chain), 'request', 10);
    expect(result.hits).toHaveLength(10);
    expect(result.total).toBe(150);
    expect(result.hits[0]?.name).toBe('step_2');
  });

  it('lists steps inside loops and branches in flow order', () => {
    const version = fromNestedFlow(mixedFlow(400).nested);
    const all = searchSteps(stepIndex(version), 'step_', 1000);
    expect(all.total).toBe(400);
    expect(new Set(all.hits.map((hit) => hit.name)).size).toBe(400);
  });

  it('builds the index once per version, reusing entries of untouched steps after an edit', () => {
    const index = stepIndex(chain);
    expect(stepIndex(chain)).toBe(index);
    const edited = renamed(chain, 'step_3', 'Renamed');
    const next = stepIndex(edited);
    expect(next).not.toBe(index);
    expect(next.entries[1]).toBe(index.entries[1]);
    expect(next.entries[3]?.displayName).toBe('Renamed');
    expect(names(edited, 'renamed')).toEqual(['step_3']);
    expect(names(chain, 'renamed')).toEqual([]);
  });
});
