import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  projects: [
    {
      name: 'node',
      testEnvironment: 'node',
      include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/worker/**/*.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
    {
      name: 'dom',
      testEnvironment: 'happy-dom',
      plugins: [pluginReact()],
      include: ['tests/ui/**/*.test.{ts,tsx}'],
      testTimeout: 30_000,
    },
  ],
});
