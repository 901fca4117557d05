/**
 * The top bar's workflow menu: SPEC §4's "change status" (enable / disable) and "change folder". Both are
 * commands of the registry (workflow-commands.ts), so the keyboard (Shift+E, M), this menu and the
 * shortcuts list run and name them alike. The workflow's status shows beside the version's state.
 * 'Variables' opens the workflow's own variables (/workflows/:id/variables; leaving asks first when
 * changes are unsaved, as any navigation does).
 */
import { observer } from 'mobx-react-lite';
import { Menu, Portal } from '@ark-ui/react';
import { Braces, FolderInput, Power, Settings2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useFolders } from '../../../api/folders-api.ts';
import { StatusBadge } from '../../components/data/status-badge.tsx';
import type { CommandContext } from './commands/command.ts';
import { editorCommand, editorCommands } from './commands/editor-commands.ts';
import { keyHint } from './commands/registry.ts';

const ICON = { width: 16, height: 16, 'aria-hidden': true } as const;

export const WorkflowStatusBadge = observer(function WorkflowStatusBadge({ context }: { context: CommandContext }) {
  const enabled = context.store.flow?.status === 'ENABLED';
  return (
    <span className="editor-status-badge">
      <StatusBadge tone={enabled ? 'success' : 'neutral'} title={enabled ? 'Runs start from its trigger' : 'Its trigger starts no runs'}>
        {enabled ? 'Enabled' : 'Disabled'}
      </StatusBadge>
    </span>
  );
});

export const WorkflowMenu = observer(function WorkflowMenu({ context }: { context: CommandContext }) {
  const status = editorCommand('workflow.status');
  const folder = editorCommand('workflow.folder');
  const folders = useFolders();
  const navigate = useNavigate();
  const flow = context.store.flow;
  if (!flow) return null;
  const enabled = flow.status === 'ENABLED';
  const folderName = flow.folderId ? folders.data?.data.find((f) => f.id === flow.folderId)?.displayName : 'No folder';
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 4 }} lazyMount unmountOnExit>
      <Menu.Trigger className="btn btn-ghost btn-sm btn-icon" aria-label="Workflow settings" title="Workflow settings">
        <Settings2 {...ICON} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="menu menu-compact editor-workflow-menu">
            <Menu.Item
              value="status"
              className="menu-item"
              disabled={!editorCommands.isEnabled(status, context)}
              onSelect={() => editorCommands.run(status, context)}
            >
              <Power {...ICON} />
              <span className="editor-menu-text">{enabled ? 'Disable workflow' : 'Enable workflow'}</span>
              <kbd className="editor-menu-key">{keyHint(status)}</kbd>
            </Menu.Item>
            <Menu.Item value="folder" className="menu-item" disabled={!editorCommands.isEnabled(folder, context)} onSelect={() => editorCommands.run(folder, context)}>
              <FolderInput {...ICON} />
              <span className="editor-menu-text">
                {folder.label}…
                {folderName ? <span className="editor-menu-detail">{folderName}</span> : null}
              </span>
              <kbd className="editor-menu-key">{keyHint(folder)}</kbd>
            </Menu.Item>
            <Menu.Item value="variables" className="menu-item" onSelect={() => navigate(`/workflows/${encodeURIComponent(flow.id)}/variables`)}>
              <Braces {...ICON} />
              <span className="editor-menu-text">Variables</span>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
