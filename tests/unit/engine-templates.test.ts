import { describe, expect, it } from '@rstest/core';
import { readPath, resolveTemplates } from '../../src/domain/flow/templates.ts';

const scope = { trigger: { body: { items: [{ name: 'a' }, { name: 'b' }], n: 3 } }, step_1: { ok: true } };

describe('references in step settings', () => {
  it('takes a lone reference as its value and writes references inside text', () => {
    expect(resolveTemplates('{{trigger.body.items}}', scope)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(resolveTemplates('{{ trigger.body.items[1].name }}', scope)).toBe('b');
    expect(resolveTemplates('n={{trigger.body.n}} ok={{step_1}} none={{step_9.x}}', scope)).toBe('n=3 ok={"ok":true} none=');
    expect(resolveTemplates({ list: ['{{trigger.body.n}}', 1], flag: true }, scope)).toEqual({ list: [3, 1], flag: true });
  });

  it('never reads through a prototype', () => {
    expect(readPath(scope, 'trigger.__proto__')).toBeUndefined();
    expect(readPath(scope, 'trigger.constructor.name')).toBeUndefined();
    expect(resolveTemplates('{{step_1.toString}}', scope)).toBeUndefined();
  });
});
