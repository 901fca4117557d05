/** A LOOP_ON_ITEMS step: the list it repeats its body for. */
import { useState } from 'react';
import type { FlatLoopStep } from '../../../../domain/index.ts';
import { useTypedUpdate } from './edit-context.ts';
import { TextControl } from './fields.tsx';

export function LoopSettings({ step }: { step: FlatLoopStep }) {
  const update = useTypedUpdate<FlatLoopStep>();
  const [touched, setTouched] = useState(false);
  return (
    <TextControl
      label="Items"
      required
      value={step.settings.items}
      placeholder="{{step_1.items}}"
      description="A {{...}} reference to a list from an earlier step, or a JSON list."
      error={touched && step.settings.items.trim() === '' ? 'Required' : undefined}
      insertData
      onBlur={() => setTouched(true)}
      onValue={(items) => update((s) => ({ ...s, settings: { ...s.settings, items } }), 'settings.items')}
    />
  );
}
