/**
 * 'Test step' with its data: the stored sample of this step (GET /workflow/{id}/samples, shared by every
 * step of the flow), and the test itself — save first (the server tests the version it has), then POST
 * /workflow/sample. The result replaces the step's entry in the samples cache, since the server stores it
 * as the step's new sample; the rendering is step-test-view.tsx. A step may be checked after the save and
 * before the request (a code step's syntax, step-tools.tsx): a refusal is told like a failed request.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runKeys, runsApi, sampleOf, stepSamplesQuery, type StepSamples } from '../../../../api/runs-api.ts';
import { errorMessage } from '../../../components/data/error-message.ts';
import { StepTestView } from './step-test-view.tsx';

/** Saves the editor's unsaved changes and answers the id of the version the server now holds. */
export type PrepareVersion = () => Promise<string>;

/** The save before a test failed: nothing was sent. */
export class SaveBeforeTestError extends Error {
  constructor() {
    super('Your changes could not be saved, so the step was not tested.');
  }
}

export async function savedVersionId(prepare: PrepareVersion): Promise<string> {
  try {
    return await prepare();
  } catch {
    throw new SaveBeforeTestError();
  }
}

/** A check of the saved step refused the test (a code step's syntax error): nothing was sent. */
export class TestRefusedError extends Error {}

/** Answers why the step must not be tested as it now stands, or null; run after the save. */
export type CheckBeforeTest = () => Promise<string | null>;

export const testErrorMessage = (error: unknown): string =>
  error instanceof SaveBeforeTestError || error instanceof TestRefusedError
    ? error.message
    : errorMessage(error, 'The step could not be tested. Please retry.');

interface StepTestSectionProps {
  flowId: string;
  stepName: string;
  stepType: 'CODE' | 'PIECE';
  prepare: PrepareVersion;
  check?: CheckBeforeTest | undefined;
}

export function StepTestSection({ flowId, stepName, stepType, prepare, check }: StepTestSectionProps) {
  const client = useQueryClient();
  const samples = useQuery(stepSamplesQuery(flowId));
  const test = useMutation({
    mutationFn: async () => {
      const versionId = await savedVersionId(prepare);
      const refusal = check ? await check() : null;
      if (refusal) throw new TestRefusedError(refusal);
      return runsApi.testStep({ workflowId: flowId, versionId, stepName });
    },
    onSuccess: (result) => client.setQueryData<StepSamples>(runKeys.samples(flowId), (old) => ({ ...old, [stepName]: sampleOf(result) })),
  });
  const sample = test.data ? sampleOf(test.data) : samples.data?.[stepName];
  return (
    <StepTestView
      stepType={stepType}
      sample={sample}
      testing={test.isPending}
      requestError={test.isError ? testErrorMessage(test.error) : null}
      onTest={() => test.mutate()}
    />
  );
}
