/**
 * The canvas: React Flow over the layout the worker computes. Nodes and edges come from the canvas model
 * (identity kept for everything an edit did not move); only what is on screen is rendered. Pan or grab
 * mode (remembered), zoom, fit view, minimap. Dragging a step onto a '+' moves it there; clicking
 * selects (shift-click adds), and in pan mode a drag on the background draws a selection box.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  type NodeChange,
  type NodeMouseHandler,
  type OnNodeDrag,
  type ReactFlowInstance,
} from '@xyflow/react';
import { toast } from 'sonner';
import '@xyflow/react/dist/base.css';
import type { EditorStore, Gesture } from '../store/editor-store.ts';
import type { CanvasEdge, CanvasNode } from '../store/canvas-model.ts';
import type { InsertAt } from '../../../../worker/index.ts';
import { NODE_TYPES } from './canvas-nodes.tsx';
import { EDGE_TYPES } from './flow-edge.tsx';
import { FlowMinimap } from './flow-minimap.tsx';
import { ViewControls } from './view-controls.tsx';
import { edgesIn, nextWindow, nodesIn, viewRect, type Rect, type Viewport } from './view-window.ts';
import { editErrorMessage } from '../edit-errors.ts';
import { themeStore } from '../../../stores/theme-store.ts';
import './canvas.css';

function insertAtUnder(clientX: number, clientY: number): InsertAt | null {
  for (const element of document.elementsFromPoint(clientX, clientY)) {
    const raw = element instanceof HTMLElement ? (element.closest('[data-insert]') as HTMLElement | null)?.dataset.insert : undefined;
    if (raw) return JSON.parse(raw) as InsertAt;
  }
  return null;
}

export interface FlowCanvasProps {
  store: EditorStore;
  onInit?: (instance: ReactFlowInstance<CanvasNode, CanvasEdge>) => void;
}

export const FlowCanvas = observer(function FlowCanvas({ store, onInit }: FlowCanvasProps) {
  const canvas = store.canvas;
  // Read the revision so a new layout re-renders; the arrays themselves are plain.
  const revision = canvas.revision;
  const [drag, setDrag] = useState<{ id: string; x: number; y: number } | null>(null);
  const boxSelecting = useRef(false);
  const frame = useRef<HTMLDivElement>(null);
  // The trigger is centred on x = 0: start with it at the top centre, at full size.
  const [viewport, setViewport] = useState<{ x: number; y: number; zoom: number } | null>(null);
  useLayoutEffect(() => {
    setViewport({ x: (frame.current?.clientWidth ?? 800) / 2, y: 48, zoom: 1 });
  }, []);
  const boxed = useRef(new Set<string>());

  // Only the part of the flow around the view goes to React Flow (view-window.ts).
  const [shown, setShown] = useState<Rect | null>(null);
  const paneSize = () => ({ width: frame.current?.clientWidth ?? 800, height: frame.current?.clientHeight ?? 600 });
  const onMove = useCallback((_event: unknown, next: Viewport) => {
    const { width, height } = paneSize();
    setShown((current) => nextWindow(current, viewRect(next, width, height)));
  }, []);
  useLayoutEffect(() => {
    if (!viewport) return;
    const { width, height } = paneSize();
    setShown((current) => current ?? nextWindow(null, viewRect(viewport, width, height)));
  }, [viewport]);

  const windowed = useMemo(() => {
    if (!shown) return { nodes: [] as CanvasNode[], edges: [] as CanvasEdge[] };
    const shownEdges = edgesIn(shown, canvas.edgesNear(shown));
    const shownNodes = nodesIn(shown, canvas.layouts).map((layout) => canvas.canvasNode(layout));
    // An edge crossing the window needs both its ends, wherever they are.
    const ids = new Set(shownNodes.map((node) => node.id));
    for (const edge of shownEdges) {
      for (const end of [edge.source, edge.target]) {
        if (ids.has(end)) continue;
        const node = canvas.nodeById(end);
        if (node) {
          ids.add(end);
          shownNodes.push(node);
        }
      }
    }
    return { nodes: shownNodes, edges: shownEdges };
  }, [revision, canvas, shown]);

  // The dragged card follows the pointer (a drag moves only it; the window is not filtered again).
  const nodes = useMemo(() => {
    if (!drag) return windowed.nodes;
    const dragged = windowed.nodes.find((node) => node.id === drag.id) ?? canvas.nodeById(drag.id);
    if (!dragged) return windowed.nodes;
    const moved = { ...dragged, position: { x: drag.x, y: drag.y }, zIndex: 10, dragging: true };
    return [...windowed.nodes.filter((node) => node.id !== drag.id), moved];
  }, [windowed, drag, canvas]);
  const edges = windowed.edges;

  const onNodeClick: NodeMouseHandler<CanvasNode> = useCallback(
    (event, node) => {
      if (node.type !== 'step' && node.type !== 'trigger') return;
      store.select(node.id, event.shiftKey || event.metaKey || event.ctrlKey);
    },
    [store],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      for (const change of changes) {
        if (change.type === 'position' && change.position && change.dragging) {
          setDrag({ id: change.id, x: change.position.x, y: change.position.y });
        } else if (change.type === 'select' && boxSelecting.current) {
          const node = canvas.layoutOf(change.id);
          if (node?.kind !== 'step') continue;
          if (change.selected) boxed.current.add(change.id);
          else boxed.current.delete(change.id);
        }
      }
    },
    [canvas],
  );

  // A drag is one gesture (one undo entry, history marks): begun when the card is picked up, committed
  // when it lands on a '+', cancelled when it is dropped anywhere else.
  const dragGesture = useRef<Gesture | null>(null);
  // A canvas unmounted mid-drag never sees the drop: close the mark, or every later edit would join it.
  useEffect(
    () => () => {
      void dragGesture.current?.commit().catch(() => undefined);
      dragGesture.current = null;
    },
    [],
  );
  const onNodeDragStart: OnNodeDrag<CanvasNode> = useCallback(() => {
    void dragGesture.current?.commit().catch(() => undefined);
    dragGesture.current = store.beginGesture('Move a step');
  }, [store]);

  const onNodeDragStop: OnNodeDrag<CanvasNode> = useCallback(
    (event, node) => {
      setDrag(null);
      const gesture = dragGesture.current;
      dragGesture.current = null;
      const point = 'changedTouches' in event ? event.changedTouches[0] : event;
      const target = point ? insertAtUnder(point.clientX, point.clientY) : null;
      // A drop that moves nothing closes the gesture by committing it: the drag itself made no edit, so a
      // cancel could only revert edits made meanwhile from the keyboard, which are the user's own.
      if (!target || target.parentStep === node.id) {
        void gesture?.commit().catch(() => undefined);
        return;
      }
      store
        .apply({
          type: 'MOVE_ACTION',
          request: {
            name: node.id,
            newParentStep: target.parentStep,
            stepLocationRelativeToNewParent: target.location,
            ...(target.branchIndex === undefined ? {} : { branchIndex: target.branchIndex }),
          },
        })
        .then(
          () => gesture?.commit(),
          (error: unknown) => {
            toast.error(editErrorMessage(error, 'The step could not be moved'));
            // The refused move changed nothing; commit keeps any edit made during the drag.
            return gesture?.commit();
          },
        )
        .catch(() => undefined);
    },
    [store],
  );

  const grab = store.canvasMode === 'grab';
  return (
    <div
      ref={frame}
      className={`flow-canvas${drag ? ' is-dragging' : ''}`}
      data-testid="flow-canvas"
      data-ready={canvas.ready ? 'true' : 'false'}
      data-mode={store.canvasMode}
    >
      {viewport ? (
      <ReactFlow<CanvasNode, CanvasEdge>
        defaultViewport={viewport}
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        onInit={onInit}
        onMove={onMove}
        onNodesChange={onNodesChange}
        onNodeClick={onNodeClick}
        onNodeDragStart={onNodeDragStart}
        onNodeDragStop={onNodeDragStop}
        onPaneClick={() => store.clearSelection()}
        onSelectionStart={() => {
          boxSelecting.current = true;
          boxed.current = new Set();
        }}
        onSelectionEnd={() => {
          boxSelecting.current = false;
          if (boxed.current.size > 0) store.selectMany([...boxed.current]);
        }}
        onlyRenderVisibleElements
        nodesDraggable={!store.readOnly}
        nodesConnectable={false}
        edgesFocusable={false}
        elementsSelectable
        selectNodesOnDrag={false}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        disableKeyboardA11y={false}
        // The right button opens the context menu; the middle button pans.
        panOnDrag={grab ? true : [1]}
        selectionOnDrag={!grab}
        panOnScroll={!grab}
        zoomOnScroll={grab}
        minZoom={0.05}
        maxZoom={2}
        fitView={false}
        proOptions={{ hideAttribution: true }}
        // The app's theme, not the OS's: a dark choice on a light system gets dark controls and minimap.
        colorMode={themeStore.resolved}
        aria-label="Workflow canvas"
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1} />
        <Controls showZoom={false} showInteractive={false} showFitView={false} position="bottom-left" aria-label="Canvas controls">
          <ViewControls />
        </Controls>
        <FlowMinimap canvas={canvas} store={store} />
      </ReactFlow>
      ) : null}
    </div>
  );
});
