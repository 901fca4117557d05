/**
 * The canvas's node components. A card reads its step from the store's mirror (observer) and renders a
 * memoised body keyed by the step object, so an edit re-renders only the cards whose step changed.
 * Invisible handles match the `handles` each node declares (canvas-model.ts).
 */
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { AlertTriangle, EyeOff, Plus } from 'lucide-react';
import type { FlatStep, FlatTrigger } from '../../../../domain/flow/types.ts';
import { useEditorStore } from '../store/editor-context.tsx';
import type { CanvasNode } from '../store/canvas-model.ts';
import { NODE_HEIGHT, type InsertAt } from '../../../../worker/index.ts';
import { StepGlyph } from './step-glyph.tsx';
import { CardRename } from './card-rename.tsx';

/**
 * What a node reads of the version, as a computed value: every edit swaps the version, and a node that
 * read it directly rendered again for an edit anywhere in the flow. Structural sharing keeps an untouched
 * step's object, so the value (compared by identity) changes only when this node's own step does.
 */
function useFromVersion<T>(read: () => T, deps: readonly unknown[]): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are what `read` closes over
  return useMemo(() => computed(read), deps).get();
}

const Handles = memo(function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className="canvas-handle" />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="canvas-handle" />
    </>
  );
});

/** A '+' that adds a step at `insertAt` (also a drop target while a step is dragged). */
export function AddButton({ insertAt, label, className = '' }: { insertAt: InsertAt; label: string; className?: string }) {
  const store = useEditorStore();
  return (
    <button
      type="button"
      className={`canvas-add nodrag nopan ${className}`}
      aria-label={label}
      title={label}
      data-insert={JSON.stringify(insertAt)}
      disabled={store.readOnly}
      onClick={(event) => {
        event.stopPropagation();
        store.openPicker(insertAt, event.currentTarget.getBoundingClientRect());
      }}
    >
      <Plus width={14} height={14} aria-hidden="true" />
    </button>
  );
}

type RunMark = 'SUCCEEDED' | 'FAILED' | 'RUNNING' | 'SKIPPED' | 'PENDING' | 'CANCELLED' | undefined;

interface CardProps {
  step: Readonly<FlatStep | FlatTrigger> | undefined;
  /** The name an edit on its way gives the step (typed-titles.ts), shown before the worker answers. */
  typedTitle: string | undefined;
  /** Where, below the card's top, the '+' after a last step goes (under a loop's or router's contents). */
  afterTop: number;
  selected: boolean;
  primary: boolean;
  run: RunMark;
  readOnly: boolean;
  /** The name is being edited in place (F2, double click). */
  renaming: boolean;
  onRename?: () => void;
}

const RUN_LABELS: Record<NonNullable<RunMark>, string> = {
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  RUNNING: 'Running',
  SKIPPED: 'Skipped in this run',
  PENDING: 'Pending',
  CANCELLED: 'Cancelled',
};

const CardBody = memo(function CardBody({ step, typedTitle, afterTop, selected, primary, run, readOnly, renaming, onRename }: CardProps) {
  if (!step) return <div className="step-card step-card-missing" />;
  const isTrigger = step.name === 'trigger';
  const skipped = !isTrigger && (step as FlatStep).skip === true;
  const invalid = !step.valid;
  const classes = [
    'step-card',
    selected ? 'is-selected' : '',
    primary ? 'is-primary' : '',
    skipped ? 'is-skipped' : '',
    invalid ? 'is-invalid' : '',
    run ? `run-${run.toLowerCase()}` : '',
  ].join(' ');
  const marks: ReactNode[] = [];
  if (invalid) {
    marks.push(
      <span key="invalid" className="step-mark step-mark-invalid" title="Needs configuration">
        <AlertTriangle width={13} height={13} aria-hidden="true" />
        <span className="visually-hidden">Needs configuration</span>
      </span>,
    );
  }
  if (skipped) {
    marks.push(
      <span key="skip" className="step-mark step-mark-skipped" title="Skipped">
        <EyeOff width={13} height={13} aria-hidden="true" />
        <span className="visually-hidden">Skipped</span>
      </span>,
    );
  }
  if (run) {
    marks.push(
      <span key="run" className={`step-run-dot run-${run.toLowerCase()}`} title={RUN_LABELS[run]}>
        <span className="visually-hidden">{RUN_LABELS[run]}</span>
      </span>,
    );
  }
  const next = step.next;
  return (
    <div className={classes} data-step={step.name}>
      <span className="step-card-icon" aria-hidden="true">
        <StepGlyph step={step} />
      </span>
      <span className="step-card-text">
        {renaming && !isTrigger ? (
          <CardRename step={step as FlatStep} />
        ) : (
          <span
            className="step-card-title"
            onDoubleClick={
              isTrigger || readOnly
                ? undefined
                : (event) => {
                    event.stopPropagation();
                    onRename?.();
                  }
            }
          >
            {typedTitle ?? step.displayName}
          </span>
        )}
        <span className="step-card-name">{isTrigger ? 'Trigger' : step.name}</span>
      </span>
      <span className="step-card-marks">{marks}</span>
      {next === null && !readOnly ? (
        <div className="canvas-add-after" style={{ top: afterTop }}>
          <AddButton insertAt={{ parentStep: step.name, location: 'AFTER' }} label={`Add a step after ${step.displayName}`} />
        </div>
      ) : null}
    </div>
  );
});

/**
 * The '+' after a last step sits in the gap under it: under the card, or under a loop's container or a
 * router's lanes; inside a container or lane, in its bottom padding.
 */
function afterTopOf(store: ReturnType<typeof useEditorStore>, id: string): number {
  void store.canvas.revision;
  const card = store.canvas.layoutOf(id);
  if (!card) return NODE_HEIGHT + 12;
  const below = store.canvas.layoutOf(`${id}:container`) ?? store.canvas.layoutOf(`${id}:lane:0`);
  const bottom = below ? below.y + below.height - card.y : NODE_HEIGHT;
  const inside = card.parentStep !== undefined;
  return bottom + (inside ? 1 : 13);
}

export const StepNode = observer(function StepNode({ id }: NodeProps<CanvasNode>) {
  const store = useEditorStore();
  const step = useFromVersion(() => (id === 'trigger' ? store.version?.trigger : store.step(id)), [store, id]);
  // Stable, so the memoised body is not re-rendered by a layout that moved nothing of this card.
  const onRename = useCallback(() => renameOnCard(store, id), [store, id]);
  return (
    <>
      <Handles />
      <CardBody
        step={step}
        typedTitle={store.typedTitles.of(id)}
        afterTop={afterTopOf(store, id)}
        selected={store.selected.has(id)}
        primary={store.primary === id}
        run={store.runStatusOf(id) as RunMark}
        readOnly={store.readOnly}
        renaming={store.renaming === id}
        onRename={onRename}
      />
    </>
  );
});

/** A double click on a card's name selects the step and edits the name there. */
function renameOnCard(store: ReturnType<typeof useEditorStore>, id: string): void {
  store.select(id);
  store.setRenaming(id);
}

export const LoopContainerNode = observer(function LoopContainerNode({ data }: NodeProps<CanvasNode>) {
  const store = useEditorStore();
  const parent = data.layout.parentStep;
  const loopName = useFromVersion(() => (parent ? store.step(parent)?.displayName : undefined), [store, parent]);
  return (
    <div className="canvas-container" aria-hidden="true">
      <Handles />
      <span className="canvas-container-label">{loopName !== undefined ? `Loop: ${loopName}` : 'Loop'}</span>
    </div>
  );
});

export const BranchLaneNode = observer(function BranchLaneNode({ data }: NodeProps<CanvasNode>) {
  const store = useEditorStore();
  const parent = data.layout.parentStep;
  const index = data.layout.branchIndex ?? 0;
  const branch = useFromVersion(() => {
    const router = parent ? store.step(parent) : undefined;
    return router?.type === 'ROUTER' ? router.settings.branches[index] : undefined;
  }, [store, parent, index]);
  const label = branch?.branchName ?? data.layout.label ?? `Branch ${index + 1}`;
  return (
    <div className={`canvas-lane${branch?.branchType === 'FALLBACK' ? ' is-fallback' : ''}`}>
      <Handles />
      <span className="canvas-lane-label">{label}</span>
    </div>
  );
});

export const EmptyDropNode = observer(function EmptyDropNode({ data }: NodeProps<CanvasNode>) {
  const store = useEditorStore();
  const { parentStep, branchIndex } = data.layout;
  if (!parentStep) return null;
  const insertAt: InsertAt =
    branchIndex === undefined ? { parentStep, location: 'INSIDE_LOOP' } : { parentStep, location: 'INSIDE_BRANCH', branchIndex };
  const where = branchIndex === undefined ? 'this loop' : 'this branch';
  return (
    <div className="canvas-empty">
      <Handles />
      {store.readOnly ? (
        <span className="canvas-empty-text">Empty</span>
      ) : (
        <>
          <AddButton insertAt={insertAt} label={`Add a step to ${where}`} />
          <span className="canvas-empty-text">Add a step to {where}</span>
        </>
      )}
    </div>
  );
});

export const NODE_TYPES = {
  trigger: StepNode,
  step: StepNode,
  'loop-container': LoopContainerNode,
  'branch-lane': BranchLaneNode,
  'empty-drop': EmptyDropNode,
};
