/**
 * The one edge type: a line (or a branch's elbow) through points the canvas model computed, with a '+'
 * button that adds a step at the edge's placement and takes a dragged step.
 */
import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, type EdgeProps } from '@xyflow/react';
import type { CanvasEdge } from '../store/canvas-model.ts';
import { AddButton } from './canvas-nodes.tsx';
import { useEditorStore } from '../store/editor-context.tsx';
import { observer } from 'mobx-react-lite';

function pathOf(points: readonly [number, number][]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x},${y}`).join(' ');
}

const EdgeButton = observer(function EdgeButton({ edge }: { edge: NonNullable<CanvasEdge['data']> }) {
  const store = useEditorStore();
  if (!edge.button || store.readOnly) return null;
  const [x, y] = edge.button;
  const where =
    edge.kind === 'loop-entry' ? 'at the start of the loop' : edge.kind === 'branch-entry' ? 'at the start of the branch' : 'here';
  return (
    <EdgeLabelRenderer>
      <div className="canvas-edge-button" style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}>
        <AddButton insertAt={edge.insertAt} label={`Add a step ${where}`} />
      </div>
    </EdgeLabelRenderer>
  );
});

export const FlowEdge = memo(function FlowEdge({ data, id }: EdgeProps<CanvasEdge>) {
  if (!data) return null;
  return (
    <>
      <BaseEdge id={id} path={pathOf(data.points)} className="canvas-edge" />
      <EdgeButton edge={data} />
    </>
  );
});

export const EDGE_TYPES = { flow: FlowEdge };
