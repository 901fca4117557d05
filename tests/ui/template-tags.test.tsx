/**
 * The template form's tags field (issue 17) in a real React tree: Enter adds the typed tag and cancels the
 * form's submission, a comma ends a tag, chips have their own remove buttons, Backspace in the empty field
 * removes the last tag, an 11th tag is refused with SPEC §5's words, and the form sends the chips.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TemplateForm, type TemplateFormValues } from '../../src/ui/components/templates/template-form.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let submitted: TemplateFormValues[];

beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  submitted = [];
  await act(async () =>
    root.render(
      <TemplateForm
        initial={{ title: 'Orders', description: '', category: '', tags: [], visibility: 'PRIVATE' }}
        submitLabel="Save template"
        busy={false}
        onSubmit={async (values) => void submitted.push(values)}
        onCancel={() => {}}
      />,
    ),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const tagsField = () => {
  const label = Array.from(container.querySelectorAll('label')).find((l) => l.textContent === 'Tags')!;
  return document.getElementById(label.htmlFor) as HTMLInputElement;
};
const chips = () => Array.from(container.querySelectorAll('.tag-chip-text')).map((chip) => chip.textContent);
const errorText = () => container.querySelector('.field-error')?.textContent;

async function type(text: string) {
  const input = tagsField();
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
/** Presses a key in the tags field; answers whether the page's default action (submitting) was cancelled. */
async function press(key: string): Promise<boolean> {
  let cancelled = false;
  await act(async () => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    tagsField().dispatchEvent(event);
    cancelled = event.defaultPrevented;
  });
  return cancelled;
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the tags field', () => {
  it('adds a tag on Enter and does not submit the form', async () => {
    await type('crm');
    expect(await press('Enter')).toBe(true);
    await settle();
    expect(chips()).toEqual(['crm']);
    expect(tagsField().value).toBe('');
    expect(submitted).toEqual([]);
    // Enter in the empty field adds nothing and still does not submit.
    expect(await press('Enter')).toBe(true);
    await settle();
    expect(submitted).toEqual([]);
  });

  it('ends a tag at a comma, ignores repeats, and removes chips by button or Backspace', async () => {
    await type('crm, Sales,CRM, dai');
    expect(chips()).toEqual(['crm', 'Sales']);
    expect(tagsField().value).toBe(' dai');
    await type('daily');
    await press('Enter');
    expect(chips()).toEqual(['crm', 'Sales', 'daily']);
    const remove = container.querySelector<HTMLButtonElement>('button[aria-label="Remove tag Sales"]')!;
    await act(async () => remove.click());
    expect(chips()).toEqual(['crm', 'daily']);
    await type('');
    expect(await press('Backspace')).toBe(true);
    expect(chips()).toEqual(['crm']);
  });

  it('refuses an 11th tag with the contract’s words and keeps the ten', async () => {
    for (let i = 1; i <= 10; i++) {
      await type(`tag${i}`);
      await press('Enter');
    }
    expect(chips()).toHaveLength(10);
    expect(errorText()).toBeUndefined();
    await type('tag11');
    await press('Enter');
    expect(chips()).toHaveLength(10);
    expect(chips()).not.toContain('tag11');
    expect(errorText()).toBe('At most 10 tags');
    expect(tagsField().getAttribute('aria-invalid')).toBe('true');
    // The refused tag stays in the field, to be changed or cleared.
    expect(tagsField().value).toBe('tag11');
  });

  it('sends the chips when the form is submitted', async () => {
    await type('crm,email,');
    const form = container.querySelector('form')!;
    await act(async () => form.requestSubmit());
    await settle();
    expect(submitted).toEqual([{ title: 'Orders', description: '', category: '', tags: ['crm', 'email'], visibility: 'PRIVATE' }]);
  });
});
