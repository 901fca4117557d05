/**
 * What sits under a step's settings besides its fields, by step type: 'Test step' for code and piece
 * steps (a code step's only when its code parses), the sample data (and a webhook's URL) for a chosen trigger, nothing for loops and routers (the
 * server can not test those on their own). Kept out of StepSettingsPanel's memoised body, because these
 * read server data, not the version.
 */
import { findStep, type FlatVersion } from '../../../../domain/index.ts';
import { StepTestSection, type CheckBeforeTest, type PrepareVersion } from './step-test-section.tsx';
import { TriggerSampleSection, WebhookUrlSection } from './trigger-tools.tsx';
import { WEBHOOK_PIECE } from './trigger-settings.tsx';
import './step-tools.css';

interface StepToolsProps {
  version: FlatVersion;
  stepName: string;
  prepare: PrepareVersion;
  /** The version as the editor holds it now (after the save `prepare` waits for), not a deferred copy. */
  currentVersion: () => FlatVersion | null;
}

/** A code step is tested only when its code parses: the check reads the code the save just sent. */
function syntaxCheck(currentVersion: () => FlatVersion | null, stepName: string): CheckBeforeTest {
  return async () => {
    const version = currentVersion();
    const step = version ? findStep(version, stepName) : undefined;
    if (step?.type !== 'CODE') return null;
    const { syntaxRefusal } = await import('./code/code-lint.ts');
    return syntaxRefusal(step.settings.sourceCode?.code ?? '');
  };
}

export function StepTools({ version, stepName, prepare, currentVersion }: StepToolsProps) {
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
  const check = subject.type === 'CODE' ? syntaxCheck(currentVersion, stepName) : undefined;
  return <StepTestSection flowId={version.flowId} stepName={stepName} stepType={subject.type} prepare={prepare} check={check} />;
}
