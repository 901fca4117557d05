/** The small icon on a step card. */
import { Code2, Repeat, Split, Zap, Puzzle } from 'lucide-react';
import type { FlatStep, FlatTrigger } from '../../../../domain/flow/types.ts';

export function StepGlyph({ step }: { step: Readonly<FlatStep | FlatTrigger> }) {
  const size = { width: 16, height: 16 };
  switch (step.type) {
    case 'CODE':
      return <Code2 {...size} />;
    case 'LOOP_ON_ITEMS':
      return <Repeat {...size} />;
    case 'ROUTER':
      return <Split {...size} />;
    case 'PIECE':
      return <Puzzle {...size} />;
    default:
      return <Zap {...size} />;
  }
}
