/**
 * The minimap, drawn on one <canvas> from the layout rather than as one SVG element per node (React
 * Flow's MiniMap): at 10,000 steps that was 12,000 components, each re-checked on every pan frame and
 * every edit. Each step is its own small rectangle coloured by its type (minimap-projection.ts keeps
 * cards a few pixels tall, scrolling with the view on a long flow instead of squashing it into a slab).
 * The boxes are redrawn when the layout changes or the minimap scrolls a step; the view's frame follows
 * the pan. Clicking or dragging on it moves the view there.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Panel, useReactFlow, useStore } from '@xyflow/react';
import type { CanvasModel } from '../store/canvas-model.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { MINIMAP_HEIGHT as HEIGHT, MINIMAP_WIDTH as WIDTH, minimapProjection } from './minimap-projection.ts';

function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

const TYPE_COLOURS: Record<string, [string, string]> = {
  CODE: ['--canvas-minimap-code', '#64748b'],
  PIECE: ['--canvas-minimap-piece', '#0d9488'],
  LOOP_ON_ITEMS: ['--canvas-minimap-loop', '#d97706'],
  ROUTER: ['--canvas-minimap-router', '#7c3aed'],
};

export const FlowMinimap = observer(function FlowMinimap({ canvas, store }: { canvas: CanvasModel; store: EditorStore }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const revision = canvas.revision;
  const bounds = canvas.bounds;
  const flow = useReactFlow();
  const [tx, ty, zoom] = useStore((state) => state.transform);
  const paneWidth = useStore((state) => state.width);
  const paneHeight = useStore((state) => state.height);
  const project = minimapProjection(bounds, -ty / zoom, paneHeight / zoom);
  const top = project.top;

  useEffect(() => {
    const element = ref.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = WIDTH * ratio;
    element.height = HEIGHT * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, WIDTH, HEIGHT);
    const colours = Object.fromEntries(Object.entries(TYPE_COLOURS).map(([type, [name, fallback]]) => [type, cssColor(element, name, fallback)]));
    const card = cssColor(element, '--canvas-minimap-step', '#a1a1aa');
    const accent = cssColor(element, '--accent', '#5b5bd6');
    const frame = cssColor(element, '--border-strong', '#d4d4d8');
    const version = store.version;
    const visibleTop = top - 200;
    const visibleBottom = top + HEIGHT / project.scale;
    context.lineWidth = 1;
    for (const layout of canvas.layouts) {
      // Off the minimap (a long flow scrolls): skipped before any drawing.
      if (layout.y > visibleBottom || layout.y + layout.height < visibleTop) continue;
      const x = project.x(layout.x);
      const y = project.y(layout.y);
      const w = Math.max(1, layout.width * project.scale);
      const h = Math.max(1, layout.height * project.scale);
      if (layout.kind === 'loop-container' || layout.kind === 'branch-lane') {
        context.strokeStyle = frame;
        context.strokeRect(x + 0.5, y + 0.5, Math.max(0, w - 1), Math.max(0, h - 1));
      } else if (layout.kind === 'trigger') {
        context.fillStyle = accent;
        context.fillRect(x, y, w, h);
      } else if (layout.kind === 'step') {
        const type = version ? version.steps[Number(layout.id.slice(5))]?.type : undefined;
        context.fillStyle = (type && colours[type]) || card;
        context.fillRect(x, y, w, h);
      }
    }
  }, [revision, bounds, canvas, store, top, project.scale]);

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
            width: Math.max(2, Math.min(WIDTH - Math.max(0, view.left), view.width + Math.min(0, view.left))),
            height: Math.max(2, Math.min(HEIGHT - Math.max(0, view.top), view.height + Math.min(0, view.top))),
          }}
        />
      </div>
    </Panel>
  );
});
