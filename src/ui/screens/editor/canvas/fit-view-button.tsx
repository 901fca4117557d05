/**
 * Fit view over the whole flow. React Flow's own button fits the nodes it was given, and the canvas
 * gives it only the part around the view (view-window.ts), so the bounds come from the layout instead.
 */
import type { RefObject } from 'react';
import { ControlButton, useReactFlow } from '@xyflow/react';
import { Maximize } from 'lucide-react';
import type { CanvasModel } from '../store/canvas-model.ts';

const PADDING = 0.1;
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 1;

export function FitViewButton({ canvas, pane }: { canvas: CanvasModel; pane: RefObject<HTMLDivElement | null> }) {
  const flow = useReactFlow();
  const fit = () => {
    const { minX, width, height } = canvas.bounds;
    const element = pane.current;
    if (!element || width <= 0 || height <= 0) return;
    const paneWidth = element.clientWidth;
    const paneHeight = element.clientHeight;
    const zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Math.min(paneWidth / width, paneHeight / height) * (1 - PADDING)));
    void flow.setViewport({ x: paneWidth / 2 - (minX + width / 2) * zoom, y: paneHeight / 2 - (height / 2) * zoom, zoom });
  };
  return (
    <ControlButton onClick={fit} className="react-flow__controls-fitview" title="Fit view" aria-label="Fit view">
      <Maximize width={14} height={14} aria-hidden="true" />
    </ControlButton>
  );
}
