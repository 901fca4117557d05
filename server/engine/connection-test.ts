/**
 * A connection's test call (POST /connections/:id/test): a GET to the address the user gives, sent by the
 * HTTP step's own action — the same address guard, limits, redirect rules and secret redaction as a step
 * that uses the connection — so a test that passes means a step would get through too.
 */
import type { ConnectionTestReply } from '../../src/domain/contract/connections.ts';
import type { EngineDeps } from './execute-flow.ts';
import { errorText } from './run-budget.ts';

/** A test gives up sooner than a step may (HTTP_PIECE_TIMEOUT_MS still caps it): a person waits in a dialog. */
const TEST_TIMEOUT_SECONDS = 15;

export async function testConnection(
  pieceAction: EngineDeps['pieceAction'],
  userId: string,
  connectionName: string,
  url: string,
  signal?: AbortSignal,
): Promise<ConnectionTestReply> {
  const send = pieceAction('@activepieces/piece-http', 'send_request');
  if (!send) throw new Error('The HTTP piece is missing');
  const started = Date.now();
  const duration = () => Math.max(0, Date.now() - started);
  try {
    const output = (await send({ method: 'GET', url, connection: connectionName, timeout: TEST_TIMEOUT_SECONDS }, { userId, ...(signal ? { signal } : {}) })) as { status: number };
    return { ok: true, status: output.status, message: `The server answered ${output.status} with the connection’s credentials`, duration: duration() };
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    return {
      ok: false,
      status: typeof status === 'number' ? status : null,
      message: errorText(error instanceof Error ? error.message : String(error)),
      duration: duration(),
    };
  }
}
