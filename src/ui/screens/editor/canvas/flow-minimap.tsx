/**
 * The minimap, drawn on one <canvas> from the layout rather than as one SVG element per node (React
 * Flow's MiniMap): at 10,000 steps that was 12,000 components, each re-checked on every pan frame and
 * every edit. The boxes are redrawn only when the layout changes; the viewport frame follows the pan.
 * Clicking or dragging on it moves the view there.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Panel, useReactFlow, useStore } from '@xyflow/react';
import type { CanvasModel } from '../store/canvas-model.ts';

const WIDTH = 200;
const HEIGHT = 150;
const PAD = 6;

function scaleOf(bounds: CanvasModel['bounds']): number {
  if (bounds.width <= 0 || bounds.height <= 0) return 1;
  return Math.min((WIDTH - 2 * PAD) / bounds.width, (HEIGHT - 2 * PAD) / bounds.height);
}

/** Flow coordinates → minimap pixels, the flow centred horizontally. */
function projector(bounds: CanvasModel['bounds']) {
  const scale = scaleOf(bounds);
  const offsetX = (WIDTH - bounds.width * scale) / 2 - bounds.minX * scale;
  return {
    scale,
    x: (x: number) => offsetX + x * scale,
    y: (y: number) => PAD + y * scale,
    flowX: (px: number) => (px - offsetX) / scale,
    flowY: (py: number) => (py - PAD) / scale,
  };
}

function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

export const FlowMinimap = observer(function FlowMinimap({ canvas }: { canvas: CanvasModel }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const revision = canvas.revision;
  const bounds = canvas.bounds;
  const flow = useReactFlow();
  const [tx, ty, zoom] = useStore((state) => state.transform);
  const paneWidth = useStore((state) => state.width);
  const paneHeight = useStore((state) => state.height);

  useEffect(() => {
    const element = ref.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = WIDTH * ratio;
    element.height = HEIGHT * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, WIDTH, HEIGHT);
    const project = projector(bounds);
    const card = cssColor(element, '--canvas-minimap-step', '#a1a1aa');
    const accent = cssColor(element, '--accent', '#5b5bd6');
    const frame = cssColor(element, '--border-strong', '#d4d4d8');
    // Cards thinner than a pixel still show: at least 1 px each way.
    for (const node of canvas.nodes) {
      const layout = node.data.layout;
      const x = project.x(layout.x);
      const y = project.y(layout.y);
      const w = Math.max(1, layout.width * project.scale);
      const h = Math.max(1, layout.height * project.scale);
      if (layout.kind === 'loop-container' || layout.kind === 'branch-lane') {
        context.strokeStyle = frame;
        context.strokeRect(x, y, w, h);
      } else if (layout.kind !== 'empty-drop') {
        context.fillStyle = layout.kind === 'trigger' ? accent : card;
        context.fillRect(x, y, w, h);
      }
    }
  }, [revision, bounds, canvas]);

  const project = projector(bounds);
  const view = {
    left: project.x(-tx / zoom),
    top: project.y(-ty / zoom),
    width: (paneWidth / zoom) * project.scale,
    height: (paneHeight / zoom) * project.scale,
  };

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = project.flowX(event.clientX - rect.left);
    const y = project.flowY(event.clientY - rect.top);
    void flow.setCenter(x, y, { zoom });
  };

  return (
    <Panel position="bottom-right" className="flow-minimap" role="group" aria-label="Minimap">
      <div
        className="flow-minimap-surface"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          moveTo(event);
        }}
        onPointerMove={(event) => {
          if (event.buttons === 1) moveTo(event);
        }}
      >
        <canvas ref={ref} style={{ width: WIDTH, height: HEIGHT }} aria-hidden="true" />
        <div
          className="flow-minimap-view"
          style={{
            left: Math.max(0, view.left),
            top: Math.max(0, view.top),
            width: Math.min(WIDTH, view.width),
            height: Math.min(HEIGHT, view.height),
          }}
        />
      </div>
    </Panel>
  );
});
