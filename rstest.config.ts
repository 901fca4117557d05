import { availableParallelism } from 'node:os';
import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

// Most of a server test's time is waiting on the database thread, the sandbox threads or argon2, so more
// test files than cores run at once: on 2 cores, 3 workers took the suite from 11.6 to 6.4 minutes.
const maxWorkers = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  pool: { maxWorkers },
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
