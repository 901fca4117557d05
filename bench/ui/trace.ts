/**
 * `bench:ui --trace FILE`: Chrome traces of the first open and of the typed renames (every thread: the page,
 * the editor's worker, the compositor), saved for chrome://tracing or the Performance panel, and summarised here from the
 * trace's own CPU samples: busy time per thread and the functions that took it. The summary is what tells
 * where an open's seconds go without opening DevTools; build with BUILD_UNMINIFIED=1 for readable names.
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface ThreadCpu {
  thread: string;
  /** Sampled time not idle, in ms. */
  busyMs: number;
  /** Functions by self time, heaviest first. */
  functions: Array<{ name: string; selfMs: number }>;
}

/** Only the heavy threads and functions matter for a summary a person reads. */
const TOP_THREADS = 4;
const TOP_FUNCTIONS = 12;
/** '(program)' stays: it is the browser's own work (style, layout, paint) seen from V8. */
const IDLE = new Set(['(idle)', '(root)']);

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

/** Self time per function and thread, from the ProfileChunk events V8 writes into a trace. */
export function summariseTrace(file: string): ThreadCpu[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name) threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
  }
  // A profile's chunks share its id; the thread is the one of its 'Profile' event.
  const profileThread = new Map<string, string>();
  const nodes = new Map<string, Map<number, ProfileNode>>();
  const selfUs = new Map<string, Map<string, number>>();
  for (const event of events) {
    if (event.name === 'Profile' && event.id) profileThread.set(event.id, `${event.pid}:${event.tid}`);
    if (event.name !== 'ProfileChunk' || !event.id) continue;
    const thread = profileThread.get(event.id) ?? `${event.pid}:${event.tid}`;
    const known = nodes.get(event.id) ?? new Map<number, ProfileNode>();
    nodes.set(event.id, known);
    for (const node of event.args?.data?.cpuProfile?.nodes ?? []) known.set(node.id, node);
    const samples = event.args?.data?.cpuProfile?.samples ?? [];
    const deltas = event.args?.data?.timeDeltas ?? [];
    const perFunction = selfUs.get(thread) ?? new Map<string, number>();
    selfUs.set(thread, perFunction);
    samples.forEach((nodeId, index) => {
      const node = known.get(nodeId);
      const name = node ? frameName(node) : '(unknown)';
      // A sample's delta is the time since the previous one: charged to this sample, as DevTools does.
      perFunction.set(name, (perFunction.get(name) ?? 0) + Math.max(0, deltas[index] ?? 0));
    });
  }
  const threads: ThreadCpu[] = [];
  for (const [thread, perFunction] of selfUs) {
    const functions = [...perFunction]
      .filter(([name]) => !IDLE.has(name.split(' ')[0]!))
      .map(([name, us]) => ({ name, selfMs: us / 1000 }))
      .sort((a, b) => b.selfMs - a.selfMs);
    const busyMs = functions.reduce((sum, f) => sum + f.selfMs, 0);
    threads.push({ thread: threadNames.get(thread) ?? thread, busyMs, functions: functions.slice(0, TOP_FUNCTIONS) });
  }
  return threads.sort((a, b) => b.busyMs - a.busyMs).slice(0, TOP_THREADS);
}

export function printTraceSummary(file: string, threads: ThreadCpu[]): void {
  console.log(`  trace                        ${file}`);
  for (const thread of threads) {
    console.log(`    ${thread.thread}: ${thread.busyMs.toFixed(0)} ms of CPU (sampled)`);
    for (const f of thread.functions) console.log(`      ${f.selfMs.toFixed(0).padStart(6)} ms  ${f.name}`);
  }
}
