/** The small icon on a step card: the settings panel's icon for the step's type or piece. */
import type { FlatStep, FlatTrigger } from '../../../../domain/flow/types.ts';
import { stepIcon } from '../settings/step-icon.tsx';

export function StepGlyph({ step }: { step: Readonly<FlatStep | FlatTrigger> }) {
  const Icon = stepIcon(step);
  return <Icon width={16} height={16} />;
}
