/**
 * Loaded into a bench's server process with `node --import tsx --import <this file> server/main.ts`
 * (bench/engine.ts does it), so the same figures come from any checkout's server without a line of
 * server code: where the process spends its time while runs go on.
 *
 * - The server's thread: its event loop's active time (performance.eventLoopUtilization).
 * - Its worker threads, told apart by their script: the embedded database's thread (pglite-thread.mjs)
 *   and the code sandbox's threads (sandbox-worker.mjs), each its active time
 *   (worker.performance.eventLoopUtilization: PGlite and QuickJS compute synchronously, so a thread's
 *   active time is its work), and the messages sent to the database thread (one per query or
 *   transaction step).
 * - On PostgreSQL: every query's round trip as the server's `pg` client sees it (sent → answered).
 *
 * The bench asks over the child's IPC channel ('probe') and gets cumulative counters back; it takes
 * differences between two asks. Nothing here runs unless the process was started with this file.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';
import workerThreads from 'node:worker_threads';

const threads = [];
/** Active milliseconds of threads that ended (a sandbox thread replaced after a memory cap). */
const ended = { database: 0, sandbox: 0, other: 0 };
let databaseMessages = 0;
const pgQueries = { count: 0, ms: 0 };

const kindOf = (script) => (/pglite/.test(String(script)) ? 'database' : /sandbox/.test(String(script)) ? 'sandbox' : 'other');

const OriginalWorker = workerThreads.Worker;
class ProbedWorker extends OriginalWorker {
  constructor(script, options) {
    super(script, options);
    const entry = { kind: kindOf(script), worker: this, lastActive: 0 };
    threads.push(entry);
    if (entry.kind === 'database') {
      const post = this.postMessage.bind(this);
      this.postMessage = (...args) => {
        databaseMessages++;
        return post(...args);
      };
    }
    this.once('exit', () => {
      ended[entry.kind] += entry.lastActive;
      threads.splice(threads.indexOf(entry), 1);
    });
  }
}
workerThreads.Worker = ProbedWorker;
// ES modules importing { Worker } from 'node:worker_threads' see the replacement too.
syncBuiltinESMExports();

// The server's own `pg` (resolved from its checkout), timed per query round trip.
try {
  const pg = createRequire(`${process.cwd()}/package.json`)('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(...args) {
    const started = performance.now();
    const done = () => {
      pgQueries.count++;
      pgQueries.ms += performance.now() - started;
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (...answer) => {
        done();
        return callback(...answer);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof result.then === 'function') result.then(done, done);
    return result;
  };
} catch {
  // No pg in this checkout: PGlite only.
}

function activeMs(entry) {
  try {
    entry.lastActive = entry.worker.performance.eventLoopUtilization().active;
  } catch {
    // Ended between the exit event and now: its last reading stands.
  }
  return entry.lastActive;
}

function snapshot() {
  const active = { ...ended };
  const live = { database: 0, sandbox: 0, other: 0 };
  for (const entry of threads) {
    active[entry.kind] += activeMs(entry);
    live[entry.kind]++;
  }
  const cpu = process.cpuUsage();
  return {
    mainActiveMs: performance.eventLoopUtilization().active,
    databaseActiveMs: active.database,
    sandboxActiveMs: active.sandbox,
    otherThreadsActiveMs: active.other,
    threads: live,
    databaseMessages,
    pgQueries: pgQueries.count,
    pgQueryMs: pgQueries.ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

if (process.send) {
  process.on('message', (message) => {
    if (message === 'probe') process.send({ probe: snapshot() });
  });
  // The channel must not keep a server alive that was told to stop.
  process.channel?.unref();
}
