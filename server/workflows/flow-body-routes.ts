/**
 * The workflow service's two large bodies: POST /workflow/import (a flow file) and POST
 * /workflow/version/autosave. Their JSON is taken as bytes and read by flow-bodies/ (on a worker thread
 * when large, the bytes moved there and the stored content's bytes moved back), stored from those bytes,
 * and answered with them: a 10,000-step flow never becomes objects, or even one string, on the server's
 * thread.
 */
import type { FastifyInstance } from 'fastify';
import { autosave } from './drafts.ts';
import { FlowBodyReader, lazyWrite, type AutosaveBody, type FlowBodyKind, type FlowBodyOptions, type ImportBody } from './flow-bodies/index.ts';
import { sendJsonParts } from './json-reply.ts';
import { nestedVersionText } from './nested-form.ts';
import { autosaveQuerySchema } from '../../src/domain/contract/version-form.ts';
import { parse } from '../http/validate.ts';
import { toFlowDto, versionDtoParts, versionHead } from './mapping.ts';
import type { WorkflowDependencies } from './routes.ts';
import { LARGE_BODY_LIMIT } from './schemas.ts';
import { createWorkflow } from './service.ts';
import { describe } from '../activity/recording.ts';
import { JsonText } from '../db/database.ts';

export function flowBodyRoutes({ db, authenticator, announceActivity, versionTexts }: WorkflowDependencies) {
  /** After the write committed: the editor's next GET of this flow sends the text without reading it back. */
  const keepText = (flowId: string, version: { id: string; updated: Date }, contentJson: string | JsonText) =>
    // A copy of the bytes: they may be a view into a larger buffer from the reading thread.
    versionTexts.keep(flowId, version.id, version.updated, contentJson instanceof JsonText ? Uint8Array.from(contentJson.bytes) : contentJson);
  return async function register(app: FastifyInstance): Promise<void> {
    const reader = new FlowBodyReader();
    app.addHook('onClose', () => reader.close());
    // In this plugin only: the JSON stays bytes until flow-bodies/ reads it.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const read = async <K extends FlowBodyKind>(kind: K, body: unknown, options: FlowBodyOptions = {}) =>
      (await reader.read(kind, Buffer.isBuffer(body) ? body : Buffer.alloc(0), options)) as K extends 'import' ? ImportBody : AutosaveBody;

    app.post('/workflow/import', { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { write } = await read('import', request.body);
      const created = await createWorkflow(db, user.id, lazyWrite(write), { type: 'workflow_imported', describe: describe.imported });
      if (created.activity) announceActivity?.(user.id, created.activity);
      keepText(created.flow.id, created.version, write.contentJson);
      const flow = JSON.stringify(toFlowDto(created.flow, created.version.display_name));
      return sendJsonParts(reply, 201, [`{"flow":${flow},"version":`, ...versionDtoParts(created.version, write.contentJson), '}']);
    });

    app.post('/workflow/version/autosave', { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      // The configuration may be flat or nested (SPEC §7); the reply is nested when asked (?form=nested),
      // or only the version's head (?reply=head: the editor holds the flow it sent).
      const query = parse(autosaveQuerySchema, request.query ?? {});
      const nested = query.form === 'nested' && query.reply !== 'head';
      const body = await read('autosave', request.body, { nested });
      const input = { version_id: body.versionId, display_name: body.displayName, updated: body.updated, overwrite: body.overwrite };
      const { newVersionCreated, version, activity } = await autosave(db, user.id, input, lazyWrite(body.write));
      if (activity) announceActivity?.(user.id, activity);
      keepText(version.flow_id, version, body.write.contentJson);
      const saved =
        query.reply === 'head'
          ? [JSON.stringify(versionHead(version))]
          : body.nestedJson === undefined
            ? versionDtoParts(version, body.write.contentJson)
            : [nestedVersionText(version, body.nestedJson)];
      return sendJsonParts(reply, 200, [`{"newVersionCreated":${newVersionCreated},"version":`, ...saved, '}']);
    });
  };
}
