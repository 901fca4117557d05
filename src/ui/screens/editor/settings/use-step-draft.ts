/**
 * Sending edits of one step without losing any. The version prop is a mirror that catches up only after
 * the editor core answers, so two quick edits of different fields would otherwise both start from the old
 * step and the second would undo the first. The hook keeps the last step it sent (the draft) and builds
 * the next edit on it while answers are pending and until the mirror shows a new step; a new step object
 * from outside (the answer, an undo) replaces the draft. A refused edit drops the draft.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FlowOperationInput } from '../../../../domain/index.ts';
import type { EditableSubject } from './edit-context.ts';
import { updateOperation } from './step-request.ts';

type Apply = (operation: FlowOperationInput, options?: { groupKey?: string | null }) => Promise<unknown>;

interface Draft {
  current: EditableSubject;
  /** The mirrored step when the last answer came; the draft lasts until the mirror changes from it. */
  base: EditableSubject | undefined;
  inFlight: number;
}

export function useStepDraft(subject: EditableSubject | undefined, apply: Apply) {
  const latest = useRef(subject);
  const draft = useRef<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped when an edit is refused: the fields remount from the version, dropping the refused text.
  const [epoch, setEpoch] = useState(0);

  useLayoutEffect(() => {
    latest.current = subject;
    const d = draft.current;
    if (d && d.inFlight === 0 && d.base !== subject) draft.current = null;
  }, [subject]);

  const run = useCallback(
    (operation: FlowOperationInput, groupKey: string | null, next: EditableSubject | null) => {
      if (next) {
        const d = draft.current;
        draft.current = { current: next, base: d?.base ?? latest.current, inFlight: (d?.inFlight ?? 0) + 1 };
      }
      apply(operation, { groupKey }).then(
        () => {
          setError(null);
          const d = draft.current;
          if (!next || !d) return;
          d.inFlight -= 1;
          if (d.inFlight === 0) d.base = latest.current;
        },
        (reason: unknown) => {
          if (next) draft.current = null;
          setEpoch((n) => n + 1);
          setError(reason instanceof Error ? reason.message : 'The change could not be applied');
        },
      );
    },
    [apply],
  );

  const current = useCallback((): EditableSubject | undefined => draft.current?.current ?? latest.current, []);

  /** Builds the step after `change`, sends its complete update, and keeps it as the draft. */
  const update = useCallback(
    (change: (subject: EditableSubject) => EditableSubject, groupKey: string | null) => {
      const before = current();
      if (!before) return;
      const next = change(before);
      if (next === before) return;
      run(updateOperation(next), groupKey, next);
    },
    [current, run],
  );

  /** Another operation on the step (skip, branches): the draft no longer describes it, so it goes. */
  const send = useCallback(
    (operation: FlowOperationInput) => {
      draft.current = null;
      run(operation, null, null);
    },
    [run],
  );

  return { update, send, error, epoch, dismissError: () => setError(null) };
}
