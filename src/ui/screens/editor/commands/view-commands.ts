/** The canvas's view: zoom, fit the whole flow, and the pan/grab mode (remembered by the store). */
import { defineCommands } from './command.ts';

export const VIEW_COMMANDS = defineCommands([
  {
    id: 'view.zoom-in',
    label: 'Zoom In',
    keys: [],
    allowedReadOnly: true,
    canRun: ({ ui }) => ui.view !== undefined,
    run: ({ ui }) => ui.view?.zoomIn(),
  },
  {
    id: 'view.zoom-out',
    label: 'Zoom Out',
    keys: [],
    allowedReadOnly: true,
    canRun: ({ ui }) => ui.view !== undefined,
    run: ({ ui }) => ui.view?.zoomOut(),
  },
  {
    id: 'view.fit',
    label: 'Fit view',
    keys: [],
    allowedReadOnly: true,
    canRun: ({ ui }) => ui.view !== undefined,
    run: ({ ui }) => ui.view?.fit(),
  },
  {
    id: 'view.grab-mode',
    label: 'Switch to grab mode',
    hint: 'Select mode: drag selects (switch to grab mode)',
    keys: [],
    allowedReadOnly: true,
    // The pressed state of the mode switch is "grab mode on", whichever way it now points.
    isActive: ({ store }) => store.canvasMode === 'grab',
    canRun: ({ store }) => store.canvasMode === 'pan',
    run: ({ store }) => store.setCanvasMode('grab'),
  },
  {
    id: 'view.select-mode',
    label: 'Switch to select mode',
    hint: 'Grab mode: drag moves the canvas (switch to select mode)',
    keys: [],
    allowedReadOnly: true,
    isActive: ({ store }) => store.canvasMode === 'grab',
    canRun: ({ store }) => store.canvasMode === 'grab',
    run: ({ store }) => store.setCanvasMode('pan'),
  },
]);
