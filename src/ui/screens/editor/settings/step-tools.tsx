/**
 * What sits under a step's settings besides its fields, by step type: 'Test step' for code and piece
 * steps, the sample data (and a webhook's URL) for a chosen trigger, nothing for loops and routers (the
 * server can not test those on their own). Kept out of StepSettingsPanel's memoised body, because these
 * read server data, not the version.
 */
import { findStep, type FlatVersion } from '../../../../domain/index.ts';
import { StepTestSection, type PrepareVersion } from './step-test-section.tsx';
import { TriggerSampleSection, WebhookUrlSection } from './trigger-tools.tsx';
import { WEBHOOK_PIECE } from './trigger-settings.tsx';
import './step-tools.css';

export function StepTools({ version, stepName, prepare }: { version: FlatVersion; stepName: string; prepare: PrepareVersion }) {
  const subject = findStep(version, stepName);
  if (!subject) return null;
  if (subject.name === 'trigger') {
    if (subject.type !== 'PIECE_TRIGGER') return null;
    return (
      <>
        {subject.settings.pieceName === WEBHOOK_PIECE ? <WebhookUrlSection flowId={version.flowId} /> : null}
        <TriggerSampleSection flowId={version.flowId} prepare={prepare} />
      </>
    );
  }
  if (subject.type !== 'CODE' && subject.type !== 'PIECE') return null;
  return <StepTestSection flowId={version.flowId} stepName={stepName} stepType={subject.type} prepare={prepare} />;
}
