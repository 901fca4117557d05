/** Logs are JSON lines with no secrets: credentials headers, password and token fields, token URLs. */
import { Writable } from 'node:stream';
import { describe, expect, it } from '@rstest/core';
import Fastify from 'fastify';
import { loggerOptions, redactUrl } from '../../server/http/logging.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('logging', () => {
  it('censors secret fields and token query parameters', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/reset-password', async (request) => {
      request.log.info({ password: 'hunter22', body: { refresh_token: 'rt-secret', token: 't-secret' } }, 'handled');
      return 'ok';
    });
    await app.inject({
      method: 'GET',
      url: '/reset-password?token=url-secret&next=%2F',
      headers: { authorization: 'Bearer bearer-secret', cookie: 'sid=cookie-secret' },
    });
    await app.close();
    const text = lines.join('\n');
    for (const secret of ['hunter22', 'rt-secret', 't-secret', 'url-secret', 'bearer-secret', 'cookie-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/reset-password?token=[redacted]&next=%2F');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('redacts only the values of token parameters', () => {
    expect(redactUrl('/a?x=1&access_token=abc#frag')).toBe('/a?x=1&access_token=[redacted]#frag');
    expect(redactUrl('/workflows/123')).toBe('/workflows/123');
    expect(redactUrl(`/api/webhooks/${'ab'.repeat(32)}?x=1`)).toBe('/api/webhooks/[redacted]?x=1');
  });
});
