import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The SPA. In development the API and WebSocket are proxied to the Node server (scripts/dev.mjs).
const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/ui/main.tsx' } },
  html: {
    template: './src/ui/index.html',
    title: 'Flowsmith',
    meta: { description: 'Flowsmith' },
    favicon: './src/ui/assets/favicon.svg',
  },
  output: { distPath: { root: 'dist' } },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    historyApiFallback: true,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
});
