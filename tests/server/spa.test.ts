import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { injectBrowserConfig } from '../../server/http/spa.ts';
import { get, startTestServer, type TestServer } from './helpers.ts';

const INDEX = '<!doctype html><html><head><title>Flowsmith</title></head><body><div id="root"></div></body></html>';
const CLIENT_ID = 'client-</script><script>alert(1)</script>.apps.googleusercontent.com';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let t: TestServer;
let unbuilt: TestServer;
let dist: string;
beforeAll(async () => {
  // A build made before the server starts, as `npm start` does.
  dist = await mkdtemp(join(tmpdir(), 'flowsmith-dist-'));
  await mkdir(join(dist, 'static', 'js'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'static', 'js', 'main.3f9a1c.js'), 'console.log("hi")');
  // What the build's compression step writes beside each asset.
  await writeFile(join(dist, 'static', 'js', 'main.3f9a1c.js.br'), brotliCompressSync('console.log("hi")'));
  await writeFile(join(dist, 'static', 'js', 'main.3f9a1c.js.gz'), gzipSync('console.log("hi")'));
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestServer({ googleClientId: CLIENT_ID, distDir: dist });
  unbuilt = await startTestServer();
});
afterAll(async () => {
  await t?.close();
  await unbuilt?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

function configIn(body: string): unknown {
  const match = /<script id="flowsmith-config" type="application\/json">(.*?)<\/script>/.exec(body);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

describe('the single-page app', () => {
  it('serves index.html at / with the configuration injected before </head>, uncached', async () => {
    const response = await get(t.app, '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(/<\/script><\/head>/);
    expect(configIn(response.body)).toEqual({ googleClientId: CLIENT_ID });
    // The client id's "</script>" cannot end the element early.
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
  });

  it('answers client-side routes with index.html (history fallback)', async () => {
    for (const path of ['/login', '/workflows/123/edit', '/reset-password?token=abc', '/settings/profile']) {
      const response = await get(t.app, path, { headers: html });
      expect(response.statusCode).toBe(200);
      expect(configIn(response.body)).toEqual({ googleClientId: CLIENT_ID });
    }
  });

  it('never serves index.html raw', async () => {
    const response = await get(t.app, '/index.html', { headers: html });
    expect(configIn(response.body)).toEqual({ googleClientId: CLIENT_ID });
  });

  it('caches hashed assets for a year and revalidates the others', async () => {
    const asset = await get(t.app, '/static/js/main.3f9a1c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("hi")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get(t.app, '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, and the plain file to others', async () => {
    const url = '/static/js/main.3f9a1c.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("hi")');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("hi")');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("hi")');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await get(t.app, '/static/js/missing.js', { headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
  });

  it('answers unknown /api paths with JSON 404, even to a browser', async () => {
    const response = await get(t.app, '/api/unknown', { headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Not found' });
  });

  it('does not let a path escape the dist directory', async () => {
    const response = await get(t.app, '/static/../../data/pglite/PG_VERSION');
    expect([400, 403, 404]).toContain(response.statusCode);
    expect(response.body).not.toMatch(/^1\d/);
  });

  it('says to build when there is no build', async () => {
    const response = await get(unbuilt.app, '/');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('npm run build');
    expect((await get(unbuilt.app, '/login', { headers: html })).statusCode).toBe(503);
    expect(configIn((await get(unbuilt.app, '/')).body)).toBeUndefined();
  });

  it('injects null when Google sign-in is not configured', () => {
    expect(injectBrowserConfig('<head></head>', { googleClientId: null })).toBe(
      '<head><script id="flowsmith-config" type="application/json">{"googleClientId":null}</script></head>',
    );
  });
});
