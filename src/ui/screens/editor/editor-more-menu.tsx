/**
 * The top bar's overflow on a phone: at 375 px the bar keeps one row (back, name, save state, Run and
 * this menu), and the commands its buttons run on a wide screen are here, from the same registry, with
 * their keys and enabled states, and the workflow settings menu's link to the workflow's variables.
 * Hidden on wide screens (editor-phone.css).
 */
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { Menu, Portal } from '@ark-ui/react';
import { MoreVertical } from 'lucide-react';
import type { CommandContext } from './commands/command.ts';
import { editorCommand, editorCommands, type EditorCommandId } from './commands/editor-commands.ts';
import { keyHint } from './commands/registry.ts';
import '../../components/data/controls.css';
import './editor-phone.css';

const GROUPS: readonly (readonly EditorCommandId[])[] = [
  ['workflow.publish', 'history.undo', 'history.redo'],
  ['panel.runs', 'panel.versions', 'find.step', 'palette.open'],
  ['workflow.import', 'workflow.export', 'workflow.status', 'workflow.folder', 'help.shortcuts'],
];

/** Not a command: the link the wide screen's workflow settings menu has (workflow-menu.tsx). */
const VARIABLES = 'variables';

/**
 * The items, their own observer inside the lazily mounted content: built in the trigger's render, their
 * enabled states (undo, redo, publish) made the closed menu render again on every edit.
 */
const MoreMenuItems = observer(function MoreMenuItems({ context }: { context: CommandContext }) {
  const flowId = context.store.flow?.id;
  const enabled = context.store.flow?.status === 'ENABLED';
  const groups = GROUPS.map((ids) => ids.filter((id) => editorCommand(id).allowedReadOnly || !context.store.readOnly)).filter((ids) => ids.length > 0);
  return (
    <>
      {groups.map((ids, index) => [
        index > 0 ? <Menu.Separator key={`separator-${index}`} className="menu-separator" /> : null,
        ...ids.map((id) => {
          const command = editorCommand(id);
          const label = id === 'workflow.status' ? (enabled ? 'Disable workflow' : 'Enable workflow') : command.label;
          const keys = keyHint(command);
          return (
            <Menu.Item key={id} value={id} className="menu-item" disabled={!editorCommands.isEnabled(command, context)}>
              <span className="editor-menu-text">{label}</span>
              {keys ? <kbd className="editor-menu-key">{keys}</kbd> : null}
            </Menu.Item>
          );
        }),
      ])}
      {flowId ? (
        <Menu.Item value={VARIABLES} className="menu-item">
          <span className="editor-menu-text">Variables</span>
        </Menu.Item>
      ) : null}
    </>
  );
});

export const EditorMoreMenu = observer(function EditorMoreMenu({ context }: { context: CommandContext }) {
  const navigate = useNavigate();
  const select = (value: string) => {
    const flowId = context.store.flow?.id;
    if (value === VARIABLES && flowId) navigate(`/workflows/${encodeURIComponent(flowId)}/variables`);
    else requestAnimationFrame(() => void editorCommands.run(value, context));
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 4 }} lazyMount unmountOnExit onSelect={({ value }) => select(value)}>
      <Menu.Trigger className="btn btn-ghost btn-sm btn-icon editor-more-trigger" aria-label="More actions" title="More actions">
        <MoreVertical width={16} height={16} aria-hidden="true" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="menu menu-compact editor-more-menu">
            <MoreMenuItems context={context} />
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
