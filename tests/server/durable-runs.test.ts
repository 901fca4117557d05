/**
 * Durable runs across a kill -9 (issue 15): the real server as child processes on one database (PGlite
 * in a DATA_DIR, or PostgreSQL when DATABASE_URL is set). A run of trigger → HTTP call → Delay → HTTP
 * call → code is started; while the Delay waits (the first call made and checkpointed) the process is
 * killed with SIGKILL; a new process finds the run's lease expired, puts the run back and resumes it from
 * its checkpoint. The run ends SUCCEEDED, each HTTP call reached the local counting server exactly once,
 * and the second call and the code step saw the first call's recorded output.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { copyMigratedTemplate, PASSWORD, uniqueEmail } from './helpers.ts';
import { code, flowOf, manualTrigger, piece } from './run-flows.ts';
import { killAllServers, sharedDatabase, startServer, type Reply, type ServerProcess, type SharedDatabase } from './server-process.ts';

const HTTP = '@activepieces/piece-http';
const DELAY = '@activepieces/piece-delay';
/** Short, so recovery comes quickly after the kill; long enough that a loaded machine renews in time. */
const LEASE_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let tempDir: string;
let database: SharedDatabase;
let env: Record<string, string>;
let target: Server;
let targetUrl: string;
const hits = new Map<string, number>();

async function expectStatus(reply: Promise<Reply>, status: number, what: string): Promise<Reply> {
  const answered = await reply;
  if (answered.status !== status) throw new Error(`${what}: ${answered.status} ${answered.body}`);
  return answered;
}

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'flowsmith-durable-'));
  const dataDir = join(tempDir, 'data');
  database = await sharedDatabase(dataDir);
  if (!process.env.DATABASE_URL) await copyMigratedTemplate(join(dataDir, 'pglite'));
  env = { ...database.env, RUN_LEASE_MS: String(LEASE_MS), HTTP_PIECE_ALLOW_PRIVATE_NETWORKS: 'true', RUN_MAX_RESUMES: '3' };
  // The outside world the run acts on: counts each call per path and answers with its number.
  target = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path, n }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  targetUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await killAllServers();
  await new Promise((resolve) => target?.close(resolve));
  await database?.drop();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

describe('a run whose process is killed between steps', () => {
  it('resumes on a new process and finishes SUCCEEDED, each HTTP call made exactly once', async () => {
    let server: ServerProcess = await startServer(env);
    const email = uniqueEmail('durable');
    await expectStatus(server.call('POST', '/api/auth/register', { body: { name: 'Durable', email, password: PASSWORD } }), 201, 'register');
    const token = (await expectStatus(server.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } }), 200, 'login')).json.access_token as string;
    const created = await expectStatus(server.call('POST', '/api/workflow', { token, body: { displayName: 'Durable' } }), 201, 'create');
    const content = flowOf('Durable', manualTrigger(), [
      piece(1, HTTP, 'send_request', { method: 'POST', url: `${targetUrl}/first` }, 2),
      piece(2, DELAY, 'delay_for', { delayFor: 4, unit: 'seconds' }, 3),
      piece(3, HTTP, 'send_request', { method: 'POST', url: `${targetUrl}/second?after={{step_1.body.n}}` }, 4),
      code(4, 'return { first: inputs.first, second: inputs.second };', { first: '{{step_1.body.n}}', second: '{{step_3.body.n}}' }),
    ]);
    const version = created.json.version;
    await expectStatus(
      server.call('POST', '/api/workflow/version/autosave', { token, body: { version_id: version.id, configuration: content, display_name: 'Durable', updated: version.updated } }),
      200,
      'autosave',
    );
    await expectStatus(server.call('POST', '/api/workflow/publish', { token, body: { workflow_id: created.json.flow.id, version_id: version.id } }), 200, 'publish');
    const started = await expectStatus(server.call('POST', `/api/workflow/run/${created.json.flow.id}`, { token, body: { payload: {} } }), 202, 'run');
    const runId = started.json.id as string;

    // Kill once the first call was made and the run's stored record has it (its checkpoint) with the Delay going.
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error('the run never reached its Delay');
      const run = (await server.call('GET', `/api/workflow/execution/${runId}`, { token })).json;
      const steps = (run?.steps ?? []) as Array<{ stepName: string; status: string }>;
      if (steps.some((step) => step.stepName === 'step_1' && step.status === 'SUCCEEDED') && steps.some((step) => step.stepName === 'step_2')) break;
      await sleep(50);
    }
    await server.kill();
    expect(server.exit?.signal).toBe('SIGKILL');
    expect(hits.get('/first')).toBe(1);
    expect(hits.get('/second')).toBeUndefined();

    server = await startServer(env);
    let finished: any;
    for (let i = 0; ; i++) {
      if (i > 400) throw new Error(`the run did not finish after the restart: ${JSON.stringify(finished)}`);
      finished = (await server.call('GET', `/api/workflow/execution/${runId}`, { token })).json;
      if (finished?.status !== 'RUNNING') break;
      await sleep(100);
    }
    expect(finished.status).toBe('SUCCEEDED');
    expect(hits.get('/first')).toBe(1);
    expect(hits.get('/second')).toBe(1);
    expect(finished.steps.map((step: { stepName: string; status: string }) => `${step.stepName}:${step.status}`)).toEqual([
      'trigger:SUCCEEDED',
      'step_1:SUCCEEDED',
      'step_2:SUCCEEDED',
      'step_3:SUCCEEDED',
      'step_4:SUCCEEDED',
    ]);
    expect(finished.steps[4].output).toEqual({ first: 1, second: 1 });
    expect(finished.steps[3].input.url).toBe(`${targetUrl}/second?after=1`);
    expect(server.alive, server.output).toBe(true);
  }, 120_000);
});
