/**
 * The read-only view of a flow until the canvas arrives: one row per trigger, step, branch header or
 * empty body, indented by nesting, windowed so a 10,000-step flow scrolls as smoothly as a 10-step one.
 * Also used by the template screens to show what a template contains.
 */
import { useMemo, type CSSProperties } from 'react';
import { CircleAlert, CodeXml, CornerDownRight, EyeOff, GitBranch, Puzzle, Repeat, Split, Zap, type LucideIcon } from 'lucide-react';
import type { FlatVersion, StepType } from '../../../domain/index.ts';
import { WindowedList } from '../data/windowed-list.tsx';
import { StatusBadge } from '../data/status-badge.tsx';
import { outlineRows, type OutlineRow } from './step-rows.ts';
import './step-outline.css';

export const OUTLINE_ROW_HEIGHT = 48;
/** Past this depth rows stop moving right (the level is still read out and shown as a number). */
const MAX_VISUAL_DEPTH = 12;
const INDENT_PX = 22;

const STEP_ICONS: Record<StepType, LucideIcon> = { CODE: CodeXml, PIECE: Puzzle, LOOP_ON_ITEMS: Repeat, ROUTER: Split };
const STEP_TYPE_LABELS: Record<StepType, string> = { CODE: 'Code', PIECE: 'Piece', LOOP_ON_ITEMS: 'Loop', ROUTER: 'Router' };

function indent(depth: number) {
  return { paddingLeft: 12 + Math.min(depth, MAX_VISUAL_DEPTH) * INDENT_PX };
}

function DeepMark({ depth }: { depth: number }) {
  return depth > MAX_VISUAL_DEPTH ? <span className="outline-deep">level {depth + 1}</span> : null;
}

function OutlineRowView({ row }: { row: OutlineRow }) {
  if (row.kind === 'branch') {
    return (
      <div className="outline-row outline-branch" style={indent(row.depth)}>
        <GitBranch width={14} height={14} aria-hidden="true" className="outline-branch-icon" />
        <span className="outline-branch-name">{row.branchName}</span>
        {row.fallback ? <span className="outline-step-name">fallback</span> : null}
        <DeepMark depth={row.depth} />
      </div>
    );
  }
  if (row.kind === 'empty') {
    return (
      <div className="outline-row outline-empty" style={indent(row.depth)}>
        <CornerDownRight width={14} height={14} aria-hidden="true" />
        {row.label}
      </div>
    );
  }
  const item = row.kind === 'trigger' ? row.trigger : row.step;
  const Icon = row.kind === 'trigger' ? Zap : STEP_ICONS[row.step.type];
  const typeLabel = row.kind === 'trigger' ? 'Trigger' : STEP_TYPE_LABELS[row.step.type];
  const skipped = row.kind === 'step' && row.step.skip === true;
  return (
    <div className={skipped ? 'outline-row outline-step outline-skipped' : 'outline-row outline-step'} style={indent(row.depth)}>
      <span className={`outline-icon outline-icon-${row.kind === 'trigger' ? 'trigger' : row.step.type.toLowerCase()}`} title={typeLabel}>
        <Icon width={15} height={15} aria-hidden="true" />
        <span className="visually-hidden">{typeLabel}:</span>
      </span>
      <span className="outline-display-name">{item.displayName}</span>
      <span className="outline-step-name">{item.name}</span>
      <DeepMark depth={row.depth} />
      <span className="outline-marks">
        {skipped ? (
          <StatusBadge tone="neutral">
            <EyeOff width={12} height={12} aria-hidden="true" />
            Skipped
          </StatusBadge>
        ) : null}
        {!item.valid ? (
          <StatusBadge tone="danger">
            <CircleAlert width={12} height={12} aria-hidden="true" />
            Invalid
          </StatusBadge>
        ) : null}
      </span>
    </div>
  );
}

interface StepOutlineProps {
  version: FlatVersion;
  label?: string;
  className?: string;
  /** The list's box (e.g. a height that fits its rows). */
  style?: CSSProperties;
}

export function StepOutline({ version, label = 'Steps', className, style }: StepOutlineProps) {
  const rows = useMemo(() => outlineRows(version), [version]);
  return (
    <WindowedList
      items={rows}
      rowHeight={OUTLINE_ROW_HEIGHT}
      getKey={(row) => row.key}
      rowProps={(row) => ({ 'aria-level': row.depth + 1 })}
      renderRow={(row) => <OutlineRowView row={row} />}
      label={label}
      className={className ? `step-outline ${className}` : 'step-outline'}
      style={style}
    />
  );
}
