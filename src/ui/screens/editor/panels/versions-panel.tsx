/**
 * The versions panel (SPEC §4): the flow's versions newest first, each with its state (Draft, Published,
 * Locked), when it last changed, and which one the editor shows. Clicking one opens it read-only; a
 * locked version can become the draft ('Use as draft'), after a confirmation when that replaces a draft.
 * 'Compare versions' (two or more versions) shows what changed between any two, step by step
 * (version-compare-dialog.tsx), and restores one through the same 'Use as draft'.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, GitCompareArrows, History } from 'lucide-react';
import { versionListQueryOptions, workflowKeys, type VersionSummary } from '../../../../api/workflows-api.ts';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { RelativeDate } from '../../../components/data/relative-date.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { ConfirmDialog } from '../../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../../components/data/error-message.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PanelFrame, PanelSkeleton } from './panel-frame.tsx';
import { VersionCompareDialog } from './version-compare-dialog.tsx';

export interface VersionsPanelProps {
  flowId: string;
  publishedVersionId: string | null;
  openVersionId: string;
  onOpenVersion(versionId: string): void;
  onUseAsDraft(versionId: string): Promise<void>;
  onClose(): void;
}

export const REPLACE_DRAFT_QUESTION = 'This replaces the current draft with this version. Continue?';

export function VersionsPanel({ flowId, publishedVersionId, openVersionId, onOpenVersion, onUseAsDraft, onClose }: VersionsPanelProps) {
  const versions = useQuery(versionListQueryOptions(flowId));
  const queryClient = useQueryClient();
  /** The version waiting for the replace-the-draft confirmation. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);

  const list = versions.data?.versions ?? [];
  const hasDraft = list.some((version) => version.state === 'DRAFT');

  const useAsDraft = async (versionId: string) => {
    setBusyId(versionId);
    setFailure(null);
    try {
      await onUseAsDraft(versionId);
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: workflowKeys.versions(flowId) });
    } catch (error) {
      setConfirming(null);
      setFailure(`Could not use this version as the draft. ${errorMessage(error)}`);
    } finally {
      setBusyId(null);
    }
  };

  const askUseAsDraft = (versionId: string) => {
    if (hasDraft) setConfirming(versionId);
    else void useAsDraft(versionId);
  };

  let body;
  if (versions.isPending) body = <PanelSkeleton label="Loading versions" />;
  else if (versions.isError) {
    body = <TableError title="Could not load the versions" error={versions.error} onRetry={() => void versions.refetch()} retrying={versions.isFetching} />;
  } else if (list.length === 0) {
    body = <EmptyState icon={History} title="No versions yet">Versions appear here once this workflow is saved.</EmptyState>;
  } else {
    body = (
      <>
      {list.length >= 2 ? (
        <div className="panel-toolbar">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setComparing(true)}>
            <GitCompareArrows width={14} height={14} aria-hidden="true" />
            Compare versions
          </button>
        </div>
      ) : null}
      <ul className="panel-list" aria-label="Versions">
        {list.map((version) => (
          <VersionItem
            key={version.id}
            version={version}
            published={version.id === publishedVersionId}
            open={version.id === openVersionId}
            busy={busyId === version.id}
            disabled={busyId !== null}
            onOpen={() => onOpenVersion(version.id)}
            onUseAsDraft={() => askUseAsDraft(version.id)}
          />
        ))}
      </ul>
      </>
    );
  }

  return (
    <PanelFrame label="Versions" title="Versions" onClose={onClose}>
      {failure ? (
        <div className="alert alert-error panel-alert" role="alert">
          <CircleAlert className="alert-icon" width={16} height={16} aria-hidden="true" />
          <p className="alert-text">{failure}</p>
        </div>
      ) : null}
      {body}
      {comparing && list.length >= 2 ? (
        <VersionCompareDialog
          flowId={flowId}
          versions={list}
          publishedVersionId={publishedVersionId}
          // Oldest change first: the version before the newest, compared with the newest.
          initialFrom={list[1]!.id}
          initialTo={list[0]!.id}
          onClose={() => setComparing(false)}
          onOpen={(versionId) => {
            setComparing(false);
            onOpenVersion(versionId);
          }}
          onRestore={(versionId) => {
            setComparing(false);
            askUseAsDraft(versionId);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Use as draft?"
        description={REPLACE_DRAFT_QUESTION}
        confirmLabel="Use as draft"
        tone="default"
        busy={busyId !== null}
        onConfirm={() => {
          if (confirming) void useAsDraft(confirming);
        }}
      />
    </PanelFrame>
  );
}

interface VersionItemProps {
  version: VersionSummary;
  published: boolean;
  open: boolean;
  busy: boolean;
  disabled: boolean;
  onOpen(): void;
  onUseAsDraft(): void;
}

function VersionState({ version, published }: { version: VersionSummary; published: boolean }) {
  if (version.state === 'DRAFT') return <StatusBadge tone="info">Draft</StatusBadge>;
  if (published) return <StatusBadge tone="success">Published</StatusBadge>;
  return <StatusBadge tone="neutral">Locked</StatusBadge>;
}

function VersionItem({ version, published, open, busy, disabled, onOpen, onUseAsDraft }: VersionItemProps) {
  return (
    <li className={open ? 'panel-item panel-item-current' : 'panel-item'}>
      <button type="button" className="panel-item-main" onClick={onOpen} aria-current={open ? 'true' : undefined}>
        <span className="panel-item-row">
          <span className="panel-item-title">{version.displayName || 'Untitled'}</span>{' '}
          <VersionState version={version} published={published} />
        </span>{' '}
        <span className="panel-item-row panel-item-meta">
          <span>
            Updated <RelativeDate value={version.updated} />
          </span>
          {open ? <span className="panel-item-open"> Open now</span> : null}
        </span>
      </button>
      {version.state === 'LOCKED' ? (
        <div className="panel-item-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onUseAsDraft} disabled={disabled}>
            {busy ? <Spinner size={14} /> : null}
            Use as draft
          </button>
        </div>
      ) : null}
    </li>
  );
}
