/**
 * "Import": pick a flow file — exported here or from Activepieces — and it becomes a new workflow. The
 * file is checked here for what a browser can see (size, JSON, depth: the server's limits); the server
 * reads the flow (nested, any depth) and says what is wrong with it, told in the user's words
 * (import-problems.ts). A loading toast turns into the result (updated by id).
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { useImportWorkflow } from '../../../api/workflows-api.ts';
import { ApiError } from '../../../api/api-error.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import { importProblemMessage, readFlowFile } from '../../components/workflows/import-problems.ts';
import { editorPath } from './workflow-columns.tsx';

export function ImportWorkflowButton({ variant = 'secondary' }: { variant?: 'secondary' | 'primary' }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const importFlow = useImportWorkflow();

  const onFile = async (file: File) => {
    const id = toast.loading(`Importing ${file.name}…`);
    const read = await readFlowFile(file);
    if ('problem' in read) {
      toast.error(read.problem, { id });
      return;
    }
    importFlow.mutate(read.text, {
      onSuccess: ({ flow }) =>
        toast.success(`Imported "${flow.displayName}"`, { id, action: { label: 'Open', onClick: () => navigate(editorPath(flow.id)) } }),
      onError: (error) =>
        toast.error(error instanceof ApiError && error.status < 500 && !error.isNetworkError ? importProblemMessage(error.serverMessage) : errorMessage(error, 'Could not import this file'), { id }),
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
