import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import CompressionPlugin from 'compression-webpack-plugin';

// The SPA. In development the API and WebSocket are proxied to the Node server (scripts/dev.mjs).
const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/ui/main.tsx' } },
  resolve: {
    // TanStack Form's devtools bus is dead weight without devtools (see the shim).
    alias: { '@tanstack/devtools-event-client': './src/ui/build-shims/devtools-event-client.ts' },
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
        new CompressionPlugin({ test, algorithm: 'gzip', filename: '[path][base].gz', threshold: 1024 }),
      ]);
    },
  },
});
