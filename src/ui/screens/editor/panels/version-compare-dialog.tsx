/**
 * "Compare versions": pick two of the flow's versions and read what changed between them step by step
 * (added, removed, changed fields, moved), then open the first one or restore it as the draft (the
 * versions panel's own 'Use as draft', with its confirmation). Both versions come whole from
 * GET /workflow/{id}/versions/{versionId}; the diff is the domain's pure `diffVersions`.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { versionQueryOptions, type VersionSummary } from '../../../../api/workflows-api.ts';
import { diffVersions, type FlatVersion } from '../../../../domain/index.ts';
import { AppDialog } from '../../../components/data/dialog.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { VersionDiffView } from './version-diff-view.tsx';
import './version-diff.css';

export interface VersionCompareDialogProps {
  flowId: string;
  /** Newest first, as the panel lists them. */
  versions: readonly VersionSummary[];
  publishedVersionId: string | null;
  initialFrom: string;
  initialTo: string;
  onClose(): void;
  onOpen(versionId: string): void;
  onRestore(versionId: string): void;
}

/** "v3 · Published · Nov 27, 2026, 3:20:15 PM": numbers count from the oldest, so they never shift. */
export function versionLabel(version: VersionSummary, index: number, count: number, publishedVersionId: string | null): string {
  const state = version.state === 'DRAFT' ? 'Draft' : version.id === publishedVersionId ? 'Published' : 'Locked';
  const when = new Date(version.updated).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return `v${count - index} · ${state} · ${when}`;
}

export function VersionCompareDialog({ flowId, versions, publishedVersionId, initialFrom, initialTo, onClose, onOpen, onRestore }: VersionCompareDialogProps) {
  const [fromId, setFromId] = useState(initialFrom);
  const [toId, setToId] = useState(initialTo);
  const from = useQuery(versionQueryOptions(flowId, fromId));
  const to = useQuery(versionQueryOptions(flowId, toId));
  const options = versions.map((version, index) => ({ value: version.id, label: versionLabel(version, index, versions.length, publishedVersionId) }));
  const fromSummary = versions.find((version) => version.id === fromId);

  return (
    <AppDialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Compare versions" description="What changed from the first version to the second, step by step." size="lg">
      <div className="compare-pickers">
        <SelectField label="From" options={options} value={fromId} onChange={(event) => setFromId(event.target.value)} />
        <SelectField label="To" options={options} value={toId} onChange={(event) => setToId(event.target.value)} />
      </div>
      <div className="compare-body">
        {from.isPending || to.isPending ? (
          <div className="compare-loading" role="status">
            <Spinner size={18} /> Loading the versions…
          </div>
        ) : from.isError || to.isError ? (
          <TableError
            title="Could not load the versions"
            error={from.error ?? to.error}
            onRetry={() => void Promise.all([from.refetch(), to.refetch()])}
            retrying={from.isFetching || to.isFetching}
          />
        ) : (
          <Compared before={from.data} after={to.data} />
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={() => onOpen(fromId)}>
          Open “From” version
        </button>
        {fromSummary?.state === 'LOCKED' ? (
          <button type="button" className="btn btn-primary" onClick={() => onRestore(fromId)}>
            Restore “From” as draft
          </button>
        ) : null}
      </div>
    </AppDialog>
  );
}

function Compared({ before, after }: { before: FlatVersion; after: FlatVersion }) {
  const diff = useMemo(() => diffVersions(before, after), [before, after]);
  // A step's name as people know it: the newer version's, else the older one's.
  const nameOf = (step: string) => {
    const n = Number(step.slice(5));
    const found = after.steps[n] ?? before.steps[n];
    return found ? `“${found.displayName}”` : step;
  };
  return <VersionDiffView diff={diff} nameOf={nameOf} />;
}
