/**
 * "Import": pick a flow file — exported here or from Activepieces — and it becomes a new workflow. The
 * file is only checked to be JSON here; the server reads the flow (nested, any depth) and says what is
 * wrong with it. A loading toast turns into the result (updated by id).
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { useImportWorkflow } from '../../../api/workflows-api.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import { editorPath } from './workflow-columns.tsx';

export const NOT_JSON_MESSAGE = 'This file is not valid JSON. Choose a workflow exported as JSON.';

/** Whether the text parses as a JSON object (JSON.parse does not recurse, so a deep flow is fine). */
export function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export function ImportWorkflowButton({ variant = 'secondary' }: { variant?: 'secondary' | 'primary' }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const importFlow = useImportWorkflow();

  const onFile = async (file: File) => {
    const id = toast.loading(`Importing ${file.name}…`);
    const text = await file.text();
    if (!isJsonObjectText(text)) {
      toast.error(NOT_JSON_MESSAGE, { id });
      return;
    }
    importFlow.mutate(text, {
      onSuccess: ({ flow }) =>
        toast.success(`Imported "${flow.displayName}"`, { id, action: { label: 'Open', onClick: () => navigate(editorPath(flow.id)) } }),
      onError: (error) => toast.error(errorMessage(error, 'Could not import this file'), { id }),
    });
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="application/json,.json"
        hidden // the button below opens it; a hidden file input still opens its picker on click()
        aria-label="Workflow file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // picking the same file again still imports it again
          if (file) void onFile(file);
        }}
      />
      <button type="button" className={`btn btn-${variant}`} onClick={() => inputRef.current?.click()} disabled={importFlow.isPending}>
        <Upload width={16} height={16} aria-hidden="true" />
        Import
      </button>
    </>
  );
}
