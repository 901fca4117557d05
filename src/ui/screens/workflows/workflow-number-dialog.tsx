/**
 * One number of a workflow's settings, edited from the list's row menu (minutes saved per run, the
 * maximum of concurrent runs): checked as it is typed by the caller's `read`, saved through PUT /workflow
 * when it changed, the dialog closed on success.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useUpdateWorkflow, type WorkflowUpdate } from '../../../api/workflows-api.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

export interface WorkflowNumberDialogProps<T> {
  title: string;
  description: string;
  label: string;
  input: { inputMode: 'decimal' | 'numeric'; min: number; max: number; step: number | 'any' };
  /** The value the workflow has now. */
  current: T;
  /** The text the field starts with. */
  initialText: string;
  /** The typed text as a value, or the sentence saying why it is not one. */
  read: (text: string) => { value: T } | { error: string };
  /** The update that stores `value` (the workflow's id is added). */
  update: (value: T) => Omit<WorkflowUpdate, 'id'>;
  /** The toast once saved. */
  saved: (value: T) => string;
  /** The message when saving failed without one of the server's own. */
  saveError: string;
  workflowId: string;
  onClose: () => void;
}

export function WorkflowNumberDialog<T>(props: WorkflowNumberDialogProps<T>) {
  const [text, setText] = useState(props.initialText);
  const [touched, setTouched] = useState(false);
  const update = useUpdateWorkflow();
  const read = props.read(text);
  const error = touched && 'error' in read ? read.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if ('error' in read) return;
    if (read.value === props.current) return props.onClose();
    update.mutate(
      { id: props.workflowId, ...props.update(read.value) },
      {
        onSuccess: () => {
          toast.success(props.saved(read.value));
          props.onClose();
        },
      },
    );
  };

  return (
    <AppDialog open onOpenChange={(open) => !open && props.onClose()} title={props.title} description={props.description} busy={update.isPending}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        <TextField
          label={props.label}
          type="number"
          {...props.input}
          value={text}
          onValueChange={(value) => {
            setText(value);
            setTouched(true);
          }}
          error={error ?? (update.isError ? errorMessage(update.error, props.saveError) : undefined)}
          autoComplete="off"
        />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={props.onClose} disabled={update.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? <Spinner size={14} /> : null}
            Save
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
