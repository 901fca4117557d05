/**
 * The code-step sandbox's worker thread (issue #6). User code runs in QuickJS compiled to WebAssembly,
 * each run in a realm of its own (a runtime and its context) kept between the run's steps (see `run`):
 * no `require`, `process`, `fetch`, file system or network exist inside it, the heap is capped (`memoryBytes`: past it the run ends MEMORY_LIMIT_EXCEEDED) and an interrupt
 * handler stops it at the deadline (TIMEOUT). The thread itself keeps the server's event loop free while
 * the code runs; code-sandbox.ts terminates the thread if it ever stops answering.
 *
 * Plain JavaScript (not TypeScript): a worker thread is a new Node instance, loaded without tsx.
 *
 * Message in:  { id, source, inputsJson, memoryBytes, timeoutMs, maxDataSize, maxDepth, session? } | { end: session }
 * Message out: { id, ok: true, outputJson, logs }
 *            | { id, ok: false, reason: 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED' | 'ERROR', message, logs, outputLimit?: 'size' | 'depth' }
 * Data crosses as JSON text both ways (never a cloned object: cloning recurses); an output past its size
 * or depth limit is refused here (`outputLimit`), so the pool only parses outputs that fit.
 */
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

const MAX_LOG_LINES = 100;
const MAX_LOG_LINE = 2000;
/** Characters of an error message kept (code may throw a string of megabytes); the engine cuts to the same. */
const MAX_ERROR_TEXT = 2000;
const STACK_BYTES = 512 * 1024;

// Freeing a runtime that ran out of memory fails an assertion that QuickJS prints before it throws; that
// failure is expected (see `run`), so its line is kept out of the server's output.
let quiet = false;
for (const level of ['error', 'warn']) {
  const print = console[level].bind(console);
  console[level] = (...args) => {
    if (!quiet) print(...args);
  };
}
const quickjs = await getQuickJS();

/**
 * Whether JSON text nests deeper than `limit` (brackets outside strings, one pass): the same count as
 * src/domain/json-limits.ts, which this thread cannot load (it runs without TypeScript). Done here, on
 * this thread, so the server's thread only parses an output already known to fit.
 */
function nestsDeeper(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const OUT_OF_MEMORY = { reason: 'MEMORY_LIMIT_EXCEEDED', message: 'The code used more memory than allowed' };

/** What an error thrown inside QuickJS means for the run. */
function classify(error) {
  // Out of memory while building objects, QuickJS may have no memory left for an error value: it
  // throws null or an empty string. `run` tells that from code that throws null.
  if (error === null || error === undefined || error === '') return { reason: 'ERROR', message: 'The code threw an error without a message', blank: true };
  const name = String(error?.name ?? '').slice(0, 200);
  const message = String(error?.message ?? error).slice(0, MAX_ERROR_TEXT);
  if (name === 'InternalError' && /interrupted/i.test(message)) return { reason: 'TIMEOUT', message: 'The code ran past its time limit' };
  if (/out of memory/i.test(message)) return OUT_OF_MEMORY;
  return { reason: 'ERROR', message: name && name !== 'Error' ? `${name}: ${message}` : message };
}

/** Where the prepared context's console writes: the run going on now. */
let currentLogs = [];

/**
 * A context as a run finds it: its console (text for the run's record, nothing else of the host is
 * reachable) and the wrapper that calls the code, made ahead of the run (see `prepareNext`).
 * The wrapper answers JSON text marked with the run's nonce: inputs are parsed by JSON.parse inside (as
 * data: a "__proto__" key sets no prototype), and an answer without the mark is a run QuickJS cut short
 * without an error value (out of memory while throwing). JSON's functions are taken now, before any code.
 */
function newRunContext(runtime) {
  const context = runtime.newContext();
  const consoleObject = context.newObject();
  const log = context.newFunction('log', (...args) => {
    if (currentLogs.length < MAX_LOG_LINES) currentLogs.push(args.map((arg) => String(context.dump(arg))).join(' ').slice(0, MAX_LOG_LINE));
  });
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) context.setProp(consoleObject, level, log);
  context.setProp(context.global, 'console', consoleObject);
  log.dispose();
  consoleObject.dispose();
  const wrapper = context.unwrapResult(
    context.evalCode(
      `((parse, stringify) => (fn, json, nonce) => Promise.resolve().then(() => fn(parse(json)))` +
        `.then((value) => stringify({ nonce, value: value === undefined || typeof value === 'function' || typeof value === 'symbol' ? null : value })))(JSON.parse, JSON.stringify)`,
    ),
  );
  return { context, wrapper };
}

function evaluate(runtime, { context, wrapper }, logs, { source, inputsJson, timeoutMs, maxDataSize, maxDepth }) {
  const deadline = Date.now() + timeoutMs;
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  currentLogs = logs;
  try {
    const moduleResult = context.evalCode(source, 'code.mjs', { type: 'module' });
    if (moduleResult.error) {
      const error = context.dump(moduleResult.error);
      moduleResult.error.dispose();
      return { ok: false, ...classify(error), logs };
    }
    const exports = moduleResult.value;
    const codeFn = context.getProp(exports, 'code');
    exports.dispose();
    if (context.typeof(codeFn) !== 'function') {
      codeFn.dispose();
      return { ok: false, reason: 'ERROR', message: 'The code must export a function named code: export const code = async (inputs) => { … }', logs };
    }
    const nonce = `${Date.now()}-${Math.random()}`;
    const json = context.newString(inputsJson);
    const nonceHandle = context.newString(nonce);
    const called = context.callFunction(wrapper, context.undefined, codeFn, json, nonceHandle);
    for (const handle of [json, nonceHandle, codeFn]) handle.dispose();
    if (called.error) {
      const error = context.dump(called.error);
      called.error.dispose();
      return { ok: false, ...classify(error), logs };
    }
    // Run the promise's jobs until it settles or the deadline passes.
    const promise = called.value;
    let text;
    for (;;) {
      const state = context.getPromiseState(promise);
      if (state.type === 'fulfilled') {
        text = context.typeof(state.value) === 'string' ? context.getString(state.value) : undefined;
        if (!state.notAPromise) state.value.dispose();
        promise.dispose();
        break;
      }
      if (state.type === 'rejected') {
        const error = context.dump(state.error);
        state.error.dispose();
        promise.dispose();
        return { ok: false, ...classify(error), logs };
      }
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const error = context.dump(jobs.error);
        jobs.error.dispose();
        promise.dispose();
        return { ok: false, ...classify(error), logs };
      }
      if (jobs.value === 0 && context.getPromiseState(promise).type === 'pending') {
        promise.dispose();
        // Nothing left to run and still pending: it waits for something that never comes.
        return { ok: false, reason: 'ERROR', message: 'The code returned a promise that never settles', logs };
      }
      if (Date.now() > deadline) {
        promise.dispose();
        return { ok: false, reason: 'TIMEOUT', message: 'The code ran past its time limit', logs };
      }
    }
    // The answer is `{"nonce":"…","value":…}`: the value's text is cut out, not parsed here.
    const head = `{"nonce":${JSON.stringify(nonce)},"value":`;
    if (text === undefined || !text.startsWith(head) || !text.endsWith('}')) return { ok: false, ...OUT_OF_MEMORY, logs };
    const outputJson = text.slice(head.length, -1);
    if (outputJson.length > maxDataSize) return { ok: false, reason: 'ERROR', outputLimit: 'size', message: '', logs };
    if (nestsDeeper(outputJson, maxDepth)) return { ok: false, reason: 'ERROR', outputLimit: 'depth', message: '', logs };
    return { ok: true, outputJson, logs };
  } catch (error) {
    return { ok: false, ...classify(error), logs };
  }
}

/**
 * Realms (a QuickJS runtime and its one context). A run's code steps share one realm, kept on this
 * thread between its steps (`session`: the run's id), so only a run's first step pays for making one,
 * and it is made ahead while the thread is idle (`spare`). A realm never serves two runs: no value,
 * global, prototype, pending job or memory of one run is there for another run, whoever's it is (each
 * realm has its own heap and memory cap, as when every step had a fresh runtime). A step without a
 * session (Test step) gets a realm of its own, freed after it.
 *
 * A run's realm is freed when the pool says the run ended (`{ end }`), when a step hit its deadline or
 * left jobs pending, after STEPS_PER_REALM steps (every step's module stays loaded in its realm), or when
 * more than MAX_REALMS runs hold one on this thread (the least recently used goes; its next step gets a
 * fresh realm). A realm that hit its memory cap or could not be freed retires the whole thread.
 */
const STEPS_PER_REALM = 50;
const MAX_REALMS = 6;
/** The realm made ahead for the next run's first step (never used yet). */
let spare = null;
/** Runs' realms, least recently used first. */
const realms = new Map();
/** A realm could not be freed: the next answer asks the pool to replace this thread. */
let retireAfterCleanup = false;

function newRealm() {
  const runtime = quickjs.newRuntime();
  runtime.setMaxStackSize(STACK_BYTES);
  return { runtime, ...newRunContext(runtime), steps: 0 };
}

function freeRealm(realm) {
  quiet = true;
  try {
    if (realm.wrapper.alive) realm.wrapper.dispose();
    realm.context.dispose();
    realm.runtime.dispose();
  } catch {
    retireAfterCleanup = true;
  } finally {
    quiet = false;
  }
}

function takeRealm(session) {
  const kept = session === undefined ? undefined : realms.get(session);
  if (kept) {
    realms.delete(session);
    return kept;
  }
  const realm = spare ?? newRealm();
  spare = null;
  return realm;
}

/** Work after an answer: keep or free the realm used; the next run's is made once the thread is idle. */
function cleanUp(realm, session, keep) {
  if (keep) {
    realms.set(session, realm);
    for (const [oldest, old] of realms) {
      if (realms.size <= MAX_REALMS) break;
      realms.delete(oldest);
      freeRealm(old);
    }
  } else freeRealm(realm);
  prepareWhenIdle();
}

function prepareNext() {
  spare ??= newRealm();
}

/**
 * Making a realm takes about half a millisecond. Made right after a run's first step (as it once was),
 * it held up that run's second step, which arrives a fraction of a millisecond later; so the spare is
 * made once no message has come for IDLE_MS, or at once when a run ends (`{ end }`), when the next
 * message is most likely another run's first step.
 */
const IDLE_MS = 2;
let idleTimer = null;

function prepareWhenIdle() {
  if (spare !== null) return;
  if (idleTimer !== null) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    try {
      prepareNext();
    } catch {
      retireAfterCleanup = true;
    }
  }, IDLE_MS);
}

/**
 * One step in its run's realm (see above). Answers as soon as the outcome is known; `after` is the
 * cleanup to do once the answer has been sent (null when the thread must retire instead).
 */
function run(message) {
  const logs = [];
  const realm = takeRealm(message.session);
  const { runtime } = realm;
  runtime.setMemoryLimit(message.memoryBytes);
  const answer = evaluate(runtime, realm, logs, message);
  runtime.removeInterruptHandler();
  realm.steps++;
  if (answer.blank) {
    // Out of memory, or code that threw null? A runtime that ran out of memory cannot be freed (objects
    // it could not release stay listed), so freeing it tells the two apart.
    const { blank: _blank, ...rest } = answer;
    quiet = true;
    try {
      realm.wrapper.dispose();
      realm.context.dispose();
      runtime.dispose();
    } catch {
      return { answer: { ok: false, ...OUT_OF_MEMORY, logs, retire: true }, after: null };
    } finally {
      quiet = false;
    }
    return { answer: rest, after: prepareWhenIdle };
  }
  if (answer.ok === false && answer.reason === 'MEMORY_LIMIT_EXCEEDED') return { answer: { ...answer, retire: true }, after: null };
  let keep = message.session !== undefined && (answer.ok || answer.reason !== 'TIMEOUT') && realm.steps < STEPS_PER_REALM;
  try {
    if (runtime.hasPendingJob()) keep = false;
  } catch {
    keep = false;
  }
  return { answer, after: () => cleanUp(realm, message.session, keep) };
}

parentPort.on('message', (message) => {
  if (idleTimer !== null) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  if (message.end !== undefined) {
    // The run ended (or its next step went to another thread): its realm goes, and the next run's is
    // made now, when the next message is most likely another run's first step.
    const realm = realms.get(message.end);
    realms.delete(message.end);
    if (realm) freeRealm(realm);
    try {
      prepareNext();
    } catch {
      retireAfterCleanup = true;
    }
    return;
  }
  let outcome;
  try {
    outcome = run(message);
  } catch (error) {
    outcome = { answer: { ok: false, ...classify(error), logs: [], retire: true }, after: null };
  }
  if (retireAfterCleanup) outcome.answer.retire = true;
  parentPort.postMessage({ id: message.id, ...outcome.answer });
  if (!outcome.after) return;
  try {
    outcome.after();
  } catch {
    retireAfterCleanup = true;
  }
});
// The first run's realm is ready before the thread says it is.
prepareNext();
parentPort.postMessage({ ready: true });
