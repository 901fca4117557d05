/**
 * The canvas's control buttons (bottom left): zoom in and out, fit view, and the pan/grab mode switch,
 * each the face of a command (commands/view-commands.ts). Zoom buttons disable at React Flow's limits.
 */
import { ControlButton, useStore, type ReactFlowState } from '@xyflow/react';
import { observer } from 'mobx-react-lite';
import { Hand, Maximize, Minus, MousePointer2, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCommandContext } from '../commands/commands-context.tsx';
import { editorCommand, editorCommands, type EditorCommandId } from '../commands/editor-commands.ts';

const ICON = { width: 14, height: 14, 'aria-hidden': true } as const;

const zoomLimits = (state: ReactFlowState) => ({
  atMin: state.transform[2] <= state.minZoom,
  atMax: state.transform[2] >= state.maxZoom,
});

const CommandControl = observer(function CommandControl({ id, className, limited, children }: { id: EditorCommandId; className?: string; limited?: boolean; children: ReactNode }) {
  const context = useCommandContext();
  const command = editorCommand(id);
  return (
    <ControlButton
      onClick={() => editorCommands.run(command, context)}
      className={className}
      title={command.hint ?? command.label}
      aria-label={command.label}
      aria-pressed={command.isActive?.(context)}
      disabled={limited || !editorCommands.isEnabled(command, context)}
    >
      {children}
    </ControlButton>
  );
});

export const ViewControls = observer(function ViewControls() {
  const { store } = useCommandContext();
  const atMin = useStore((state) => zoomLimits(state).atMin);
  const atMax = useStore((state) => zoomLimits(state).atMax);
  const grab = store.canvasMode === 'grab';
  return (
    <>
      <CommandControl id="view.zoom-in" className="react-flow__controls-zoomin" limited={atMax}>
        <Plus {...ICON} />
      </CommandControl>
      <CommandControl id="view.zoom-out" className="react-flow__controls-zoomout" limited={atMin}>
        <Minus {...ICON} />
      </CommandControl>
      <CommandControl id="view.fit" className="react-flow__controls-fitview">
        <Maximize {...ICON} />
      </CommandControl>
      {grab ? (
        <CommandControl id="view.select-mode">
          <Hand {...ICON} />
        </CommandControl>
      ) : (
        <CommandControl id="view.grab-mode">
          <MousePointer2 {...ICON} />
        </CommandControl>
      )}
    </>
  );
});
