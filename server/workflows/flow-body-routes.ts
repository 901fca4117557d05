/**
 * The workflow service's two large bodies: POST /workflow/import (a flow file) and POST
 * /workflow/version/autosave. Their JSON is taken as text and read by flow-bodies/ (off the event loop
 * when large), and their replies are written from the stored content's JSON text, so a 10,000-step flow
 * is never turned into objects and back on the server's thread.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { autosave } from './drafts.ts';
import { FlowBodyReader, lazyWrite, type AutosaveBody, type FlowBodyKind, type ImportBody } from './flow-bodies/index.ts';
import { toFlowDto, versionDtoJson } from './mapping.ts';
import type { WorkflowDependencies } from './routes.ts';
import { LARGE_BODY_LIMIT } from './schemas.ts';
import { createWorkflow } from './service.ts';

const sendJson = (reply: FastifyReply, status: number, text: string) => reply.code(status).type('application/json; charset=utf-8').send(text);

export function flowBodyRoutes({ db, authenticator }: WorkflowDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    const reader = new FlowBodyReader();
    app.addHook('onClose', () => reader.close());
    // In this plugin only: the JSON stays text until flow-bodies/ reads it.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const read = async <K extends FlowBodyKind>(kind: K, body: unknown) =>
      (await reader.read(kind, typeof body === 'string' ? body : '')) as K extends 'import' ? ImportBody : AutosaveBody;

    app.post('/workflow/import', { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { write } = await read('import', request.body);
      const created = await createWorkflow(db, user.id, lazyWrite(write));
      const flow = JSON.stringify(toFlowDto(created.flow, created.version.display_name));
      return sendJson(reply, 201, `{"flow":${flow},"version":${versionDtoJson(created.version, write.contentJson)}}`);
    });

    app.post('/workflow/version/autosave', { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = await read('autosave', request.body);
      const input = { version_id: body.versionId, display_name: body.displayName, updated: body.updated, overwrite: body.overwrite };
      const { newVersionCreated, version } = await autosave(db, user.id, input, lazyWrite(body.write));
      return sendJson(reply, 200, `{"newVersionCreated":${newVersionCreated},"version":${versionDtoJson(version, body.write.contentJson)}}`);
    });
  };
}
