import { WorkflowIcon } from './eager-icons.tsx';

/** The product mark; `withName` adds the word mark beside it. */
export function Logo({ withName = false }: { withName?: boolean }) {
  return (
    <span className="logo">
      <span className="logo-mark" aria-hidden="true">
        <WorkflowIcon width={16} height={16} strokeWidth={2.25} />
      </span>
      {withName ? <span className="logo-name">Flowsmith</span> : <span className="visually-hidden">Flowsmith</span>}
    </span>
  );
}
