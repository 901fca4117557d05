/**
 * One contract, one refusal: a workflow name one past the maximum, or a variable name the rule refuses,
 * is refused by the server and by the UI's API client with the same per-field words, because both parse
 * with the same schema (src/domain/contract). The client refuses without sending anything; what it lets
 * through reaches the real server (over app.inject) and is accepted there.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { ApiError } from '../../src/api/api-error.ts';
import type { HttpClient, RequestOptions } from '../../src/api/http-client.ts';
import { createVariablesApi } from '../../src/api/variables-api.ts';
import { createWorkflow, renameWorkflow } from '../../src/api/workflows-api.ts';
import { contractRoutes, VARIABLE_NAME_MESSAGE, WORKFLOW_NAME_MAX } from '../../src/domain/contract/index.ts';
import { variableNameSchema as variableFormNameSchema } from '../../src/ui/screens/variables/variable-form.ts';
import { post, put, send, signedInUser, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let token: string;

/** The API client's requests, sent to the test server; `sent` counts those that left the client. */
function serverClient() {
  const client = {
    sent: 0,
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      client.sent++;
      const body = options.rawBody ?? options.body;
      const reply = await send(t.app, (options.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE', `/api${path}`, body, { token });
      const json: unknown = reply.body ? reply.json() : undefined;
      if (reply.statusCode >= 400) throw new ApiError({ kind: 'http', status: reply.statusCode, body: json });
      return json as T;
    },
  };
  return client satisfies HttpClient;
}

async function refusalOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  t = await startTestServer();
  token = (await signedInUser(t.app)).token;
});

afterAll(async () => {
  await t?.close();
});

describe('a workflow name one past the maximum', () => {
  const tooLong = 'n'.repeat(WORKFLOW_NAME_MAX + 1);
  const longest = 'n'.repeat(WORKFLOW_NAME_MAX);

  it('is refused by the server and by the client with the same field errors; the maximum itself is taken', async () => {
    const server = await post(t.app, '/api/workflow', { displayName: tooLong }, { token });
    expect(server.statusCode).toBe(400);
    const serverBody = server.json<{ code: string; errors: Record<string, string[]> }>();
    expect(serverBody.code).toBe('VALIDATION');
    expect(serverBody.errors.displayName).toEqual([`Use at most ${WORKFLOW_NAME_MAX} characters`]);

    const http = serverClient();
    const client = await refusalOf(createWorkflow(tooLong, http));
    expect(http.sent).toBe(0);
    expect(client).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(client.errors).toEqual(serverBody.errors);

    const created = await createWorkflow(longest, http);
    expect(http.sent).toBe(1);
    expect(created.flow.displayName).toBe(longest);
  });

  it('is refused on rename too, by both sides alike', async () => {
    const http = serverClient();
    const { flow } = await createWorkflow('Before', http);
    const server = await put(t.app, '/api/workflow', { id: flow.id, displayName: tooLong }, { token });
    expect(server.statusCode).toBe(400);
    const client = await refusalOf(renameWorkflow({ id: flow.id, displayName: tooLong }, http));
    expect(client.errors).toEqual(server.json<{ errors: unknown }>().errors);
    expect(http.sent).toBe(1); // only the create

    const renamed = await renameWorkflow({ id: flow.id, displayName: longest }, http);
    expect(renamed.flow.displayName).toBe(longest);
  });
});

describe('a variable name the rule refuses', () => {
  for (const [name, message] of [
    ['1starts_with_digit', VARIABLE_NAME_MESSAGE],
    ['has-dash', VARIABLE_NAME_MESSAGE],
    ['v'.repeat(65), 'Name must be at most 64 characters'],
    ['-'.repeat(65), 'Name must be at most 64 characters'],
  ] as const) {
    it(`refuses ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}… (${name.length})` : name)} in the form, the client and the server alike`, async () => {
      const server = await post(t.app, '/api/variables', { name, type: 'STRING', value: 'x' }, { token });
      expect(server.statusCode).toBe(400);
      const serverErrors = server.json<{ errors: Record<string, string[]> }>().errors;
      expect(serverErrors.name).toEqual([message]);

      const form = variableFormNameSchema.safeParse(name);
      expect(form.success).toBe(false);
      expect(form.error?.issues.map((issue) => issue.message)).toEqual(serverErrors.name);

      const http = serverClient();
      const client = await refusalOf(createVariablesApi(http).create({ name, type: 'STRING', value: 'x' }));
      expect(http.sent).toBe(0);
      expect(client.errors).toEqual(serverErrors);
    });
  }

  it('takes the longest name the rule allows, everywhere', async () => {
    const name = `_${'v'.repeat(63)}`;
    expect(variableFormNameSchema.safeParse(name).success).toBe(true);
    const http = serverClient();
    const created = await createVariablesApi(http).create({ name, type: 'NUMBER', value: '42' });
    expect(created).toMatchObject({ name, value: '42' });
  });

  it('refuses a value that does not fit its type with the server words, before sending', async () => {
    const server = await post(t.app, '/api/variables', { name: 'count', type: 'NUMBER', value: 'many' }, { token });
    const http = serverClient();
    const client = await refusalOf(createVariablesApi(http).create({ name: 'count', type: 'NUMBER', value: 'many' }));
    expect(http.sent).toBe(0);
    expect(client.errors).toEqual(server.json<{ errors: unknown }>().errors);
  });
});

describe('the route table of the contract', () => {
  it('names only routes the server serves', () => {
    const missing = contractRoutes.filter((route) => !t.app.hasRoute({ method: route.method, url: `/api${route.path}` }));
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});
