/**
 * Below a chosen trigger's settings: its sample data (a JSON object the steps see as `{{trigger.…}}` when
 * tested, and the payload of a Run from the editor), saved as the trigger's sample with POST
 * /workflow/sample `step_name: 'trigger'`; and, for the Webhook trigger, its secret URL to copy.
 *
 * These are not edits of the version (the server keeps samples per workflow), so they are not undoable
 * and work on a read-only version too.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runKeys, runsApi, sampleOf, stepSamplesQuery, TRIGGER_SAMPLE, webhookUrlQuery, type StepSample, type StepSamples } from '../../../../api/runs-api.ts';
import { errorMessage } from '../../../components/data/error-message.ts';
import { RelativeDate } from '../../../components/data/relative-date.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CopyButton } from '../../../components/runs/copy-button.tsx';
import { savedVersionId, testErrorMessage, type PrepareVersion } from './step-test-section.tsx';

/** The sample as the editor shows it: pretty JSON, or nothing when none was saved. */
const sampleText = (sample: StepSample | undefined) =>
  sample && sample.output !== null && sample.output !== undefined ? JSON.stringify(sample.output, null, 2) : '';

/** The typed text as the object the server takes, or the sentence saying why it is not one. */
export function parseSampleText(text: string): { input: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { input: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { input: value as Record<string, unknown> };
  } catch {
    // falls through to the same sentence: what matters is what to type instead
  }
  return { error: 'Enter a JSON object, like {"name": "Ada"}' };
}

export function TriggerSampleSection({ flowId, prepare }: { flowId: string; prepare: PrepareVersion }) {
  const client = useQueryClient();
  const samples = useQuery(stepSamplesQuery(flowId));
  const stored = samples.data?.[TRIGGER_SAMPLE];
  // null: not edited, so the field follows what the server has (it arrives after the first render).
  const [draft, setDraft] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (input: Record<string, unknown>) =>
      runsApi.testStep({ workflowId: flowId, versionId: await savedVersionId(prepare), stepName: TRIGGER_SAMPLE, input }),
    onSuccess: (result) => {
      client.setQueryData<StepSamples>(runKeys.samples(flowId), (old) => ({ ...old, [TRIGGER_SAMPLE]: sampleOf(result) }));
      setDraft(null);
    },
  });
  const onSave = () => {
    const parsed = parseSampleText(draft ?? sampleText(stored));
    if ('error' in parsed) return setFieldError(parsed.error);
    setFieldError(null);
    save.mutate(parsed.input);
  };
  return (
    <TriggerSampleView
      text={draft ?? sampleText(stored)}
      onText={(text) => {
        setDraft(text);
        setFieldError(null);
      }}
      fieldError={fieldError}
      saving={save.isPending}
      savedAt={draft === null ? stored?.testedAt : undefined}
      requestError={save.isError ? testErrorMessage(save.error) : null}
      onSave={onSave}
    />
  );
}

export interface TriggerSampleViewProps {
  text: string;
  onText(text: string): void;
  fieldError: string | null;
  saving: boolean;
  /** When the shown sample was saved; undefined while the text differs from it or none was saved. */
  savedAt: string | undefined;
  requestError: string | null;
  onSave(): void;
}

export function TriggerSampleView({ text, onText, fieldError, saving, savedAt, requestError, onSave }: TriggerSampleViewProps) {
  const id = useId();
  const describedBy = [`${id}-help`, fieldError ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <section className="step-test" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-section-title">
        Sample data
      </h3>
      <div className="field settings-field">
        <label htmlFor={id} className="field-label">
          Sample data (JSON)
        </label>
        <textarea
          id={id}
          className="input settings-textarea settings-mono"
          rows={6}
          spellCheck={false}
          value={text}
          placeholder={'{\n  "name": "Ada"\n}'}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onText(event.target.value)}
        />
        <p id={`${id}-help`} className="settings-help">
          What the trigger hands the steps when you test them or choose Run: reference it as {'{{trigger.name}}'}.
        </p>
        {fieldError ? (
          <p id={`${id}-error`} className="field-error">
            {fieldError}
          </p>
        ) : null}
      </div>
      <div className="step-test-head">
        <button type="button" className="btn btn-secondary btn-sm" disabled={saving} onClick={onSave}>
          {saving ? <Spinner size={14} /> : null}
          {saving ? 'Saving…' : 'Save sample'}
        </button>
        {savedAt ? (
          <span className="settings-help" role="status">
            Saved <RelativeDate value={savedAt} variant="ago" />
          </span>
        ) : null}
      </div>
      {requestError ? (
        <Alert variant="error" title="The sample was not saved">
          {requestError}
        </Alert>
      ) : null}
    </section>
  );
}

/** The Webhook trigger's URL; its secret part is the credential, so it is shown only here, to its owner. */
export function WebhookUrlSection({ flowId }: { flowId: string }) {
  const url = useQuery(webhookUrlQuery(flowId));
  const id = useId();
  return (
    <section className="step-test" aria-labelledby={id}>
      <h3 id={id} className="settings-section-title">
        Webhook URL
      </h3>
      {url.isPending ? <span className="skeleton" style={{ width: '100%' }} aria-label="Loading the webhook URL" role="status" /> : null}
      {url.isError ? (
        <Alert variant="error" title="Could not load the webhook URL">
          {errorMessage(url.error)}
        </Alert>
      ) : null}
      {url.data ? (
        <div className="step-test-url">
          <code className="step-test-url-text">{url.data}</code>
          <CopyButton text={url.data} label="Copy webhook URL" />
        </div>
      ) : null}
      <p className="settings-help">
        A request to this URL starts the published version while the workflow is enabled. The request becomes the trigger’s sample data.
      </p>
    </section>
  );
}
