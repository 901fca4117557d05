/**
 * `netPatches` (what an undo preview sends) must change a version exactly as the full list does, and
 * `changesShape` must tell a relinking edit from a rename. Random replacement lists over nested paths
 * (a field, its object, the array holding it) check the first: a later replacement of a prefix must win
 * over an earlier one below it, and the other way round.
 */
import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { changesShape, netPatches, type Patch } from '../../src/domain/index.ts';
import { flowImmer } from '../../src/domain/flow/immer.ts';

type Doc = { a: { x: number; y: { z: number } }; b: Array<{ c: number }> };

const start = (): Doc => ({ a: { x: 0, y: { z: 0 } }, b: [{ c: 0 }, { c: 0 }] });

/** A replacement at one of the document's paths, with a value of the shape that path holds. */
const replacement = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 99 })).map(([which, n]): Patch => {
  const at: Array<[Patch['path'], unknown]> = [
    [['a'], { x: n, y: { z: n } }],
    [['a', 'x'], n],
    [['a', 'y'], { z: n }],
    [['a', 'y', 'z'], n],
    [['b'], [{ c: n }, { c: n }]],
    [['b', n % 2], { c: n }],
    [['b', n % 2, 'c'], n],
  ];
  const [path, value] = at[which]!;
  return { op: 'replace', path, value };
});

const applyAll = (patches: readonly Patch[]) => flowImmer.applyPatches(start(), patches as Patch[]);

describe('netPatches', () => {
  it('changes the document as the whole list of replacements does', () => {
    fc.assert(
      fc.property(fc.array(replacement, { maxLength: 30 }), (patches) => {
        const net = netPatches(patches);
        expect(net.length).toBeLessThanOrEqual(patches.length);
        expect(applyAll(net)).toEqual(applyAll(patches));
      }),
      { numRuns: 500 },
    );
  });

  it('collapses a typing burst to its last value, and leaves a list with an add or a remove as it is', () => {
    const burst: Patch[] = ['F', 'Fe', 'Fet'].map((value) => ({ op: 'replace', path: ['steps', 1, 'displayName'], value }));
    expect(netPatches(burst)).toEqual([burst[2]]);
    const shifting: Patch[] = [...burst, { op: 'add', path: ['b', 0], value: { c: 1 } }];
    expect(netPatches(shifting)).toBe(shifting);
  });
});

describe('changesShape', () => {
  it('is true for a step added, removed, relinked or retyped, and false for a rename or a settings change', () => {
    const replace = (path: Patch['path']): Patch => ({ op: 'replace', path, value: null });
    expect(changesShape([{ op: 'add', path: ['steps', 3], value: {} }])).toBe(true);
    expect(changesShape([{ op: 'replace', path: ['steps', 3], value: null }])).toBe(true);
    expect(changesShape([replace(['steps', 2, 'next'])])).toBe(true);
    expect(changesShape([replace(['steps', 2, 'children', 0])])).toBe(true);
    expect(changesShape([replace(['steps', 2, 'type'])])).toBe(true);
    expect(changesShape([replace(['trigger', 'next'])])).toBe(true);
    expect(changesShape([replace(['steps', 2, 'displayName']), replace(['steps', 2, 'settings', 'input', 'url'])])).toBe(false);
    expect(changesShape([replace(['trigger', 'settings']), replace(['displayName']), replace(['valid'])])).toBe(false);
  });
});
