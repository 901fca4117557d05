import type { VersionState } from '../../../domain/index.ts';
import { StatusBadge } from '../data/status-badge.tsx';

interface VersionBadgeProps {
  state: VersionState;
  /** The flow has a published version (so a draft is a set of unpublished changes). */
  hasPublished: boolean;
}

/** 'Published' for a locked (published) version, 'Draft' for one still being edited. */
export function VersionBadge({ state, hasPublished }: VersionBadgeProps) {
  if (state === 'LOCKED') {
    return (
      <StatusBadge tone="success" dot>
        Published
      </StatusBadge>
    );
  }
  return (
    <StatusBadge tone="neutral" dot title={hasPublished ? 'Has changes that are not published yet' : 'Never published'}>
      Draft
    </StatusBadge>
  );
}
