import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@rstest/core';
import { CONFIG_VARIABLES } from '../../server/config.ts';

// The README is where a newcomer learns the configuration: it must name every variable the server reads.
describe('README configuration table', () => {
  it('documents every variable the server reads', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const missing = CONFIG_VARIABLES.map((v) => v.name).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
