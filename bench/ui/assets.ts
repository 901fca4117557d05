/**
 * What the browser downloads: the login page's JavaScript (measured in Chromium against the running server,
 * as bench/server.ts does) and the editor's own chunk(s) in the build, found by content ('flow-canvas').
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

/** Gzip size of a built file: the build's own .gz copy, else gzipped here (level 9, as the build does). */
export function gzipBytes(distDir: string, pathname: string): number | null {
  const file = join(distDir, decodeURIComponent(pathname));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Every built JS file that contains `marker` (the editor screen's canvas test id). */
export function chunksContaining(distDir: string, marker = 'flow-canvas'): ChunkSize[] {
  const found: ChunkSize[] = [];
  for (const folder of ['static/js', 'static/js/async']) {
    const dir = join(distDir, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.js')) continue;
      const path = `${folder}/${name}`;
      const text = readFileSync(join(distDir, path), 'utf8');
      if (!text.includes(marker)) continue;
      found.push({ file: path, bytes: Buffer.byteLength(text), gzipBytes: gzipBytes(distDir, path) ?? 0 });
    }
  }
  return found;
}

export interface ScriptTotals {
  files: number;
  /** Bytes on the wire as served (the server sends its pre-compressed copies). */
  transferredBytes: number;
  /** Content-Encoding the server chose, e.g. 'br' or 'gzip'. */
  encodings: string[];
  decodedBytes: number;
  /** The same files' gzip copies from the build: what the ≤ 150 KB target is about. */
  gzipBytes: number;
  /** Each file: its path and gzip size. */
  list: Array<{ path: string; gzipBytes: number }>;
}

export interface ScriptRecord {
  url: string;
  transferred: number;
  decoded: number;
  encoding: string;
}

export function totals(distDir: string, origin: string, scripts: ScriptRecord[]): ScriptTotals {
  const list = scripts.map((s) => {
    const path = new URL(s.url, origin).pathname;
    return { path, gzipBytes: gzipBytes(distDir, path) ?? s.transferred };
  });
  return {
    files: scripts.length,
    transferredBytes: scripts.reduce((n, s) => n + s.transferred, 0),
    encodings: [...new Set(scripts.map((s) => s.encoding))],
    decodedBytes: scripts.reduce((n, s) => n + s.decoded, 0),
    gzipBytes: list.reduce((n, file) => n + file.gzipBytes, 0),
    list,
  };
}

/** Records every same-origin JavaScript file the page downloads (scripts and worker scripts). */
export function recordScripts(page: import('@playwright/test').Page, origin: string): ScriptRecord[] {
  const scripts: ScriptRecord[] = [];
  page.on('requestfinished', async (request) => {
    const url = request.url();
    if (!url.startsWith(origin) || !new URL(url).pathname.endsWith('.js')) return;
    try {
      const sizes = await request.sizes();
      const response = await request.response();
      const body = await response?.body().catch(() => Buffer.alloc(0));
      const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
      scripts.push({ url, transferred: sizes.responseBodySize, decoded: body?.length ?? 0, encoding });
    } catch {
      // the page went away while the sizes were read
    }
  });
  return scripts;
}

/** A first visit to /login, signed out. */
export async function measureLoginPage(browser: Browser, origin: string, distDir: string): Promise<ScriptTotals> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page, origin);
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(200); // let the last requestfinished handlers read their sizes
    return totals(distDir, origin, scripts);
  } finally {
    await context.close();
  }
}
