/**
 * `--compare-activepieces`: the same operations on Activepieces' published flow operations
 * (`flowOperations.apply` of `@activepieces/shared`, an optional dev dependency imported only here and
 * only when asked). Their operations take the nested form we export, so each repetition applies the
 * operation to the same nested version (theirs are pure: they answer a new version). They have no undo,
 * so UNDO / REDO have no counterpart.
 */
import { createRequire } from 'node:module';
import { toNestedFlow, type FlatVersion } from '../../src/domain/flow/index.ts';
import { summarise, type Summary } from '../stats.ts';
import { InputError } from './input-error.ts';
import type { ScriptEntry } from './script.ts';

export interface ActivepiecesFigures {
  version: string;
  operations: Record<string, { timing: Summary; refused: number; error?: string }>;
}

interface ActivepiecesShared {
  flowOperations: { apply(version: unknown, operation: unknown): unknown };
}

const PACKAGE = '@activepieces/shared';

function load(): { shared: ActivepiecesShared; version: string } {
  const require = createRequire(import.meta.url);
  try {
    const shared = require(PACKAGE) as ActivepiecesShared;
    const { version } = require(`${PACKAGE}/package.json`) as { version: string };
    return { shared, version };
  } catch {
    throw new InputError(`--compare-activepieces needs ${PACKAGE}: install it with \`npm install --save-dev ${PACKAGE}\``);
  }
}

/** Our flat version as their FlowVersion: the nested form plus the fields their type has. */
function theirVersion(version: FlatVersion): unknown {
  const nested = toNestedFlow(version);
  const now = new Date(0).toISOString();
  return { created: now, updated: now, updatedBy: null, agentIds: [], connectionIds: [], backupFiles: null, notes: [], ...nested, state: 'DRAFT' };
}

export function measureActivepieces(
  version: FlatVersion,
  entriesOf: (rep: number) => ScriptEntry[],
  options: { reps: number; warmup: number },
): ActivepiecesFigures {
  const { shared, version: packageVersion } = load();
  const flowVersion = theirVersion(version);
  const collected = new Map<string, { samples: number[]; refused: number; error?: string }>();
  for (let rep = 0; rep < options.warmup + options.reps; rep++) {
    for (const entry of entriesOf(rep)) {
      if (entry.kind !== 'operation') continue;
      const figures = collected.get(entry.label) ?? { samples: [], refused: 0 };
      collected.set(entry.label, figures);
      const start = performance.now();
      try {
        shared.flowOperations.apply(flowVersion, entry.operation);
      } catch (error) {
        figures.refused++;
        figures.error ??= error instanceof Error ? error.message.split('\n')[0] : String(error);
        continue;
      }
      if (rep >= options.warmup) figures.samples.push(performance.now() - start);
    }
  }
  const operations: ActivepiecesFigures['operations'] = {};
  for (const [label, figures] of collected) {
    operations[label] = { timing: summarise(figures.samples), refused: figures.refused, ...(figures.error ? { error: figures.error } : {}) };
  }
  return { version: packageVersion, operations };
}
