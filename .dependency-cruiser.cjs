// The import rules of Flowsmith's layers (ARCHITECTURE.md, "Layers"), checked by `npm test` through
// scripts/check-layers.mjs. A rule here is a decision about where code may reach; breaking one fails the
// build instead of waiting for a reviewer to remember it.

/**
 * What runs in production: the app, its worker, the server and the modules it starts on threads, and the
 * package's public `flowsmith/core` (package.json `exports`).
 */
const ENTRY_POINTS = [
  '^src/ui/main\\.tsx$',
  '^src/worker/editor\\.worker\\.ts$',
  '^src/worker/layout/elk\\.worker\\.ts$',
  '^src/worker/headless\\.ts$',
  '^server/main\\.ts$',
  '^server/db/pglite-thread\\.mjs$',
  '^server/engine/sandbox/sandbox-worker\\.mjs$',
  '^server/workflows/flow-bodies/worker\\.mjs$',
];

/** Modules no import reaches, loaded another way. */
const LOADED_BY_NAME = [
  '\\.d\\.m?ts$',
  // rsbuild.config.ts aliases @tanstack/devtools-event-client to it.
  '^src/ui/build-shims/',
];

/** The only packages the domain may use: it must run unchanged in the browser, the worker and Node. */
const DOMAIN_PACKAGES = '^node_modules/(zod|immer)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Modules form a tree of layers; a cycle makes two modules one, loaded in an order nobody chose.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-self-contained',
      comment: 'src/domain is shared by the browser, the worker and the server: it imports only src/domain.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^(src|server|tests|e2e|bench|scripts)/', pathNot: '^src/domain/' },
    },
    {
      name: 'domain-is-platform-free',
      comment: 'No React, no Node built-ins, no package beyond zod and immer in src/domain.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { dependencyTypesNot: ['local', 'type-only'], pathNot: DOMAIN_PACKAGES },
    },
    {
      name: 'screens-do-not-import-screens',
      comment:
        'A screen is an island: what two screens share lives in src/ui/components (or src/ui/format, hooks), ' +
        'so a screen can be changed or removed without touching another.',
      severity: 'error',
      from: { path: '^src/ui/screens/([^/]+)/' },
      to: { path: '^src/ui/screens/([^/]+)/', pathNot: '^src/ui/screens/$1/' },
    },
    {
      name: 'components-are-shared',
      comment:
        'Shared components take what they need as props or arguments: no routing, no stores, no screens, ' +
        'no app shell.',
      severity: 'error',
      from: { path: '^src/ui/components/' },
      to: {
        path: [
          '^src/ui/(routing|stores|screens|shell)/',
          '^src/ui/(app|routes|main)\\.tsx$',
          '^node_modules/react-router/',
        ],
      },
    },
    {
      name: 'ui-reaches-worker-through-its-index',
      comment: 'The worker has one public module, src/worker/index.ts (and start.ts, which only starts it); everything else in it is private.',
      severity: 'error',
      from: { path: '^src/(ui|api)/' },
      to: { path: '^src/worker/', pathNot: '^src/worker/(index|start)\\.ts$' },
    },
    {
      name: 'worker-does-not-import-ui',
      comment: 'The worker runs with no DOM; the UI mirrors it, never the other way round.',
      severity: 'error',
      from: { path: '^src/worker/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'browser-does-not-import-server',
      comment: 'Nothing under src/ may import server code: it would be bundled into the browser.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-only-the-domain-from-src',
      comment: 'The server shares the domain with the browser and nothing else (no API clients, no UI, no worker).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'data-layer-does-not-import-http',
      comment:
        'Repositories and server/db store and read data; HTTP (replies, request parsing, the hub) is the ' +
        'layer above them. What both need (stored-value checks, ApiError) lives in server/db or server/shared.',
      severity: 'error',
      from: {
        path: ['^server/db/', '^server/.+/[^/]*repository\\.ts$', '^server/.+/repositories/'],
      },
      to: { path: '^server/http/' },
    },
    {
      name: 'runs-reach-workflows-through-their-port',
      comment:
        'server/runs and server/engine see the workflow service through server/workflows/runs-port.ts only, ' +
        'so the workflow side can change without breaking runs.',
      severity: 'error',
      from: { path: '^server/(runs|engine)/' },
      to: { path: '^server/workflows/', pathNot: '^server/workflows/runs-port\\.ts$' },
    },
    {
      name: 'engine-does-not-know-runs',
      comment: 'server/engine executes one flow; queueing, recording and announcing runs is server/runs, the layer above.',
      severity: 'error',
      from: { path: '^server/engine/' },
      to: { path: '^server/runs/' },
    },
    {
      name: 'production-code-is-reachable',
      comment:
        'A module under src/ or server/ that no entry point reaches is dead, or a test double that belongs ' +
        'under tests/.',
      severity: 'error',
      from: { path: ENTRY_POINTS },
      to: { path: '^(src|server)/', pathNot: [...ENTRY_POINTS, ...LOADED_BY_NAME], reachable: false },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API: Babel strips the types (scripts/check-layers.mjs) and acorn reads
    // the rest. Babel drops `import type` lines, so type-only imports are left to the per-layer tsconfigs.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // node_modules is not excluded (only not followed): rules name packages, such as react-router.
    exclude: { path: ['^dist/', '^test-results/', '^playwright-report/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
