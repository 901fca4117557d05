import { useQuery } from '@tanstack/react-query';
import { workflowChoicesQuery, type RunFilters } from '../../../api/executions-api.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { RUN_STATUS_OPTIONS } from '../../components/runs/status-variants.ts';
import { TIME_RANGE_OPTIONS, type FilterName } from './run-filters.ts';
import { RUN_SOURCES } from '../../../api/executions-api.ts';
import { RUN_SOURCE_LABEL } from '../../components/runs/run-source.tsx';

interface ExecutionFiltersProps {
  filters: RunFilters;
  onFilterChange: (name: FilterName, value: string) => void;
}

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...RUN_STATUS_OPTIONS];
const SOURCE_OPTIONS = [{ value: '', label: 'All sources' }, ...RUN_SOURCES.map((source) => ({ value: source, label: RUN_SOURCE_LABEL[source] }))];

/**
 * Status, how runs started, workflow and time range. Native selects: keyboard, screen readers and mobile pickers for free.
 * The workflow list loads on its own; until it arrives (or if it fails) only 'All workflows' is offered,
 * and a workflow chosen through the address stays selectable so the select never lies about the filter.
 */
export function ExecutionFilters({ filters, onFilterChange }: ExecutionFiltersProps) {
  const choices = useQuery(workflowChoicesQuery());
  const workflowOptions = [
    { value: '', label: 'All workflows' },
    ...(choices.data ?? []).map((workflow) => ({ value: workflow.id, label: workflow.displayName })),
  ];
  if (filters.workflowId && !workflowOptions.some((option) => option.value === filters.workflowId)) {
    workflowOptions.push({ value: filters.workflowId, label: choices.isPending ? 'Loading…' : 'Unknown workflow' });
  }

  return (
    <div className="data-toolbar execution-filters" role="group" aria-label="Filters">
      <SelectField
        label="Status"
        hideLabel
        options={STATUS_OPTIONS}
        value={filters.status ?? ''}
        onChange={(event) => onFilterChange('status', event.target.value)}
      />
      <SelectField
        label="Source"
        hideLabel
        options={SOURCE_OPTIONS}
        value={filters.startedBy ?? ''}
        onChange={(event) => onFilterChange('source', event.target.value)}
      />
      <SelectField
        label="Workflow"
        hideLabel
        options={workflowOptions}
        value={filters.workflowId ?? ''}
        onChange={(event) => onFilterChange('workflow', event.target.value)}
      />
      <SelectField
        label="Time range"
        hideLabel
        options={TIME_RANGE_OPTIONS}
        value={filters.range}
        onChange={(event) => onFilterChange('range', event.target.value)}
      />
    </div>
  );
}
