/**
 * The workflow list's folders, as Activepieces shows them beside its flows: "All workflows",
 * "Uncategorized" and each folder, with their counts; choosing one filters the list. Each folder has a
 * menu (rename, delete) and "New folder" sits on top. A plain list of buttons with aria-current, so
 * Tab and Enter are all a keyboard needs.
 */
import type { ReactNode } from 'react';
import { FolderClosed, FolderOpen, FolderPlus, Inbox, Layers, Pencil, Trash2 } from 'lucide-react';
import type { Folder, FolderList } from '../../../api/folders-api.ts';
import { RowActionsMenu } from '../../components/data/row-actions-menu.tsx';
import { ALL_FOLDERS, NO_FOLDER, type FolderFilter } from './use-workflow-list-params.ts';

interface FolderListProps {
  folders: FolderList | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selected: FolderFilter;
  onSelect: (folder: FolderFilter) => void;
  onCreate: () => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
}

const ICON = { width: 16, height: 16, 'aria-hidden': true } as const;

function Entry({ label, count, icon, current, onSelect }: { label: string; count: number | undefined; icon: ReactNode; current: boolean; onSelect: () => void }) {
  return (
    <button type="button" className={`folder-entry${current ? ' is-current' : ''}`} aria-current={current ? 'true' : undefined} onClick={onSelect}>
      {icon}
      <span className="folder-entry-name" title={label}>
        {label}
      </span>
      {count === undefined ? null : (
        <span className="folder-entry-count" aria-label={`${count} ${count === 1 ? 'workflow' : 'workflows'}`}>
          {count}
        </span>
      )}
    </button>
  );
}

export function FolderListPanel(props: FolderListProps) {
  const { folders, selected, onSelect } = props;
  return (
    <nav className="folder-panel card" aria-label="Folders">
      <div className="folder-panel-head">
        <h2 className="folder-panel-title">Folders</h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.onCreate}>
          <FolderPlus {...ICON} />
          New folder
        </button>
      </div>
      <ul className="folder-entries">
        <li className="folder-entry-row">
          <Entry label="All workflows" count={folders?.totalFlows} icon={<Layers {...ICON} />} current={selected === ALL_FOLDERS} onSelect={() => onSelect(ALL_FOLDERS)} />
          <span className="folder-entry-spacer" aria-hidden="true" />
        </li>
        <li className="folder-entry-row">
          <Entry label="Uncategorized" count={folders?.uncategorizedFlows} icon={<Inbox {...ICON} />} current={selected === NO_FOLDER} onSelect={() => onSelect(NO_FOLDER)} />
          <span className="folder-entry-spacer" aria-hidden="true" />
        </li>
        {(folders?.data ?? []).map((folder) => (
          <li key={folder.id} className="folder-entry-row">
            <Entry
              label={folder.displayName}
              count={folder.numberOfFlows}
              icon={selected === folder.id ? <FolderOpen {...ICON} /> : <FolderClosed {...ICON} />}
              current={selected === folder.id}
              onSelect={() => onSelect(folder.id)}
            />
            <RowActionsMenu
              label={`Actions for folder ${folder.displayName}`}
              actions={[
                { value: 'rename', label: 'Rename', icon: Pencil, onSelect: () => props.onRename(folder) },
                { value: 'delete', label: 'Delete', icon: Trash2, danger: true, onSelect: () => props.onDelete(folder) },
              ]}
            />
          </li>
        ))}
      </ul>
      {props.loading ? (
        <p className="folder-hint" role="status">
          Loading folders…
        </p>
      ) : props.failed ? (
        <p className="folder-hint" role="alert">
          Could not load your folders.{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={props.onRetry}>
            Retry
          </button>
        </p>
      ) : folders && folders.data.length === 0 ? (
        <p className="folder-hint">No folders yet. Create one to group related workflows.</p>
      ) : null}
    </nav>
  );
}
