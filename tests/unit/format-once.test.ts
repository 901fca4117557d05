import { describe, expect, it } from '@rstest/core';
import { once } from '../../src/ui/format/once.ts';

describe('once', () => {
  it('builds nothing until first read, then builds once', () => {
    let builds = 0;
    const value = once(() => ({ built: ++builds }));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it('keeps a falsy value instead of building again', () => {
    let builds = 0;
    const value = once(() => (builds++, 0));
    expect([value(), value()]).toEqual([0, 0]);
    expect(builds).toBe(1);
  });
});
