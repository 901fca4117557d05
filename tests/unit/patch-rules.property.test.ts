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

type Doc = { a: unknown; b: unknown };

const start = (): Doc => ({ a: { x: 0, y: { z: 0 } }, b: [{ c: 0 }, { c: 0 }] });

/**
 * A replacement at one of the document's paths. Its value may have another shape than what was there (a
 * JSON field going from text to an object and back), so a later replacement inside it may or may not resolve.
 */
const replacement = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 99 }), fc.boolean()).map(([which, n, odd]): Patch => {
  const at: Array<[Patch['path'], unknown, unknown]> = [
    [['a'], { x: n, y: { z: n } }, `text ${n}`],
    [['a', 'x'], n, { deep: n }],
    [['a', 'y'], { z: n }, null],
    [['a', 'y', 'z'], n, [n]],
    [['b'], [{ c: n }, { c: n }], [{ c: n }]],
    [['b', n % 2], { c: n }, 'gone'],
    [['b', n % 2, 'c'], n, { n }],
  ];
  const [path, value, other] = at[which]!;
  return { op: 'replace', path, value: odd ? other : value };
});

const applyAll = (patches: readonly Patch[]) => flowImmer.applyPatches(start(), patches as Patch[]);

/** The document after the patches, or the error's message when a path does not resolve. */
const outcome = (patches: readonly Patch[]): unknown => {
  try {
    return applyAll(patches);
  } catch (error) {
    return { refused: String(error) };
  }
};

describe('netPatches', () => {
  it('changes the document as the whole list of replacements does', () => {
    fc.assert(
      fc.property(fc.array(replacement, { maxLength: 30 }), (patches) => {
        const whole = outcome(patches);
        fc.pre(!(typeof whole === 'object' && whole !== null && 'refused' in whole)); // history only holds lists that applied
        const net = netPatches(patches);
        expect(net.length).toBeLessThanOrEqual(patches.length);
        expect(outcome(net)).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('collapses a typing burst to its last value, and leaves a list with an add, a remove or nested paths as it is', () => {
    const burst: Patch[] = ['F', 'Fe', 'Fet'].map((value) => ({ op: 'replace', path: ['steps', 1, 'displayName'], value }));
    expect(netPatches(burst)).toEqual([burst[2]]);
    const shifting: Patch[] = [...burst, { op: 'add', path: ['b', 0], value: { c: 1 } }];
    expect(netPatches(shifting)).toBe(shifting);
    // A JSON field typed from text into an object: the inner replacement needs the object put there before.
    const body = ['steps', 1, 'settings', 'input', 'body'];
    const json: Patch[] = [
      { op: 'replace', path: body, value: '{"a":1' },
      { op: 'replace', path: body, value: { a: 1 } },
      { op: 'replace', path: [...body, 'a'], value: 12 },
      { op: 'replace', path: body, value: '{"a":12,' },
    ];
    expect(netPatches(json)).toBe(json);
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
