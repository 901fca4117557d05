import './runs.css';

/** What a code step wrote with console.log and friends, in a run or a test of the step. */
export function ConsoleLines({ lines }: { lines: readonly string[] }) {
  return (
    <div className="console-lines">
      <p className="console-lines-title">Console</p>
      <pre className="console-lines-body" tabIndex={0} aria-label="Console output">
        {lines.join('\n')}
      </pre>
    </div>
  );
}
