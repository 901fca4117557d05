/**
 * The code-step sandbox's worker thread (issue #6). User code runs in QuickJS compiled to WebAssembly,
 * one fresh runtime per run: no `require`, `process`, `fetch`, file system or network exist inside it,
 * the heap is capped (`memoryBytes`: past it the run ends MEMORY_LIMIT_EXCEEDED) and an interrupt
 * handler stops it at the deadline (TIMEOUT). The thread itself keeps the server's event loop free while
 * the code runs; code-sandbox.ts terminates the thread if it ever stops answering.
 *
 * Plain JavaScript (not TypeScript): a worker thread is a new Node instance, loaded without tsx.
 *
 * Message in:  { id, source, inputsJson, memoryBytes, timeoutMs, maxDataSize, maxDepth }
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

function evaluate(runtime, context, logs, { source, inputsJson, timeoutMs, maxDataSize, maxDepth }) {
  const deadline = Date.now() + timeoutMs;
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  try {
    // console.log and friends collect text for the run's record; nothing else of the host is reachable.
    const consoleObject = context.newObject();
    const log = context.newFunction('log', (...args) => {
      if (logs.length < MAX_LOG_LINES) logs.push(args.map((arg) => String(context.dump(arg))).join(' ').slice(0, MAX_LOG_LINE));
    });
    for (const level of ['log', 'info', 'warn', 'error', 'debug']) context.setProp(consoleObject, level, log);
    context.setProp(context.global, 'console', consoleObject);
    log.dispose();
    consoleObject.dispose();

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
    // The code is called through a wrapper that answers JSON text marked with this run's nonce: inputs
    // are parsed by JSON.parse inside (as data: a "__proto__" key sets no prototype), and an answer
    // without the mark is a run QuickJS cut short without an error value (out of memory while throwing).
    const nonce = `${Date.now()}-${Math.random()}`;
    const wrapper = context.unwrapResult(
      context.evalCode(
        `(fn, json, nonce) => Promise.resolve().then(() => fn(JSON.parse(json)))` +
          `.then((value) => JSON.stringify({ nonce, value: value === undefined || typeof value === 'function' || typeof value === 'symbol' ? null : value }))`,
      ),
    );
    const json = context.newString(inputsJson);
    const nonceHandle = context.newString(nonce);
    const called = context.callFunction(wrapper, context.undefined, codeFn, json, nonceHandle);
    for (const handle of [wrapper, json, nonceHandle, codeFn]) handle.dispose();
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
 * One run in a fresh runtime. A runtime that hit its memory limit is left as it is: QuickJS may hold
 * objects it can no longer free, and freeing the runtime then fails an assertion and leaks its heap
 * inside this thread's WebAssembly memory. Such a thread answers `retire: true` and the pool replaces
 * it, so every later run starts in a clean thread.
 */
function run(message) {
  const logs = [];
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(message.memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  const context = runtime.newContext();
  const answer = evaluate(runtime, context, logs, message);
  if (answer.blank) {
    // Out of memory, or code that threw null? A runtime that ran out of memory cannot be freed (objects
    // it could not release stay listed), so freeing it tells the two apart.
    const { blank: _blank, ...rest } = answer;
    quiet = true;
    try {
      context.dispose();
      runtime.dispose();
      return rest;
    } catch {
      return { ok: false, ...OUT_OF_MEMORY, logs, retire: true };
    } finally {
      quiet = false;
    }
  }
  if (answer.ok === false && answer.reason === 'MEMORY_LIMIT_EXCEEDED') return { ...answer, retire: true };
  try {
    context.dispose();
    runtime.dispose();
    return answer;
  } catch {
    return { ...answer, retire: true };
  }
}

parentPort.on('message', (message) => {
  let answer;
  try {
    answer = run(message);
  } catch (error) {
    answer = { ok: false, ...classify(error), logs: [], retire: true };
  }
  parentPort.postMessage({ id: message.id, ...answer });
});
parentPort.postMessage({ ready: true });
