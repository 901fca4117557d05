import { gzip as zopfliGzip } from '@gfx/zopfli';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import CompressionPlugin from 'compression-webpack-plugin';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzip as zlibGzip } from 'node:zlib';

/** 'react-router' and 'react-router/dom' resolved to the production files of the installed version. */
function reactRouterProduction(): Record<string, string> {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
  return { 'react-router$': join(dist, 'index.mjs'), 'react-router/dom$': join(dist, 'dom-export.mjs') };
}

/** Zopfli compresses a file this size in a fraction of a second; the few larger chunks would take minutes. */
const ZOPFLI_MAX_BYTES = 256 * 1024;

/**
 * The .gz copies: Zopfli's gzip (3–4 % smaller, e.g. the login page's JavaScript 152.1 → 147.1 KB) for
 * the small files, which include everything a first page loads; zlib's best level for the largest
 * chunks, which only later screens load. Both are plain gzip to the browser.
 */
function gzipCopy(input: Buffer, _options: unknown, callback: (error: Error | null, output: Uint8Array) => void): void {
  if (input.length <= ZOPFLI_MAX_BYTES) zopfliGzip(input, { numiterations: 15 }, (error, output) => callback(error, output));
  else zlibGzip(input, { level: 9 }, callback);
}

// The SPA. In development the API and WebSocket are proxied to the Node server (scripts/dev.mjs).
const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/ui/main.tsx' } },
  resolve: {
    alias: {
      // TanStack Form's devtools bus is dead weight without devtools (see the shim).
      '@tanstack/devtools-event-client': './src/ui/build-shims/devtools-event-client.ts',
      // React Router's package exports only its development build (dev warnings on); its production
      // build ships beside it and differs by that one flag, which lets the minifier drop the warnings.
      ...(process.env.NODE_ENV === 'production' ? reactRouterProduction() : {}),
    },
  },
  html: {
    template: './src/ui/index.html',
    title: 'Flowsmith',
    meta: { description: 'Flowsmith' },
    favicon: './src/ui/assets/favicon.svg',
  },
  // BUILD_UNMINIFIED=1 keeps function names readable in a profile (`bench:ui --trace`); never for shipping.
  output: { distPath: { root: 'dist' }, minify: process.env.BUILD_UNMINIFIED !== '1' },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    historyApiFallback: true,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  tools: {
    // Brotli and gzip copies next to each asset, served as they are by the server (no compression per request).
    rspack: (_config, { appendPlugins, isProd }) => {
      if (!isProd) return;
      const test = /\.(js|css|svg|html)$/;
      appendPlugins([
        new CompressionPlugin({ test, algorithm: 'brotliCompress', filename: '[path][base].br', threshold: 1024 }),
        new CompressionPlugin({ test, algorithm: gzipCopy, filename: '[path][base].gz', threshold: 1024 }),
      ]);
    },
  },
});
