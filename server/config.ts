/**
 * The server's configuration comes from the environment, parsed once by zod. Each variable is declared
 * once below with its schema and a one-line description; `CONFIG_VARIABLES` lists them (with the default
 * read back from the schema) so the README and `--help`-style output are generated, never hand-copied.
 */
import { z } from 'zod';
import type { RunLimits } from './engine/run-budget.ts';
import { parseValuesKey } from './secrets/keys.ts';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const optionalText = z.string().min(1).optional();
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const httpUrl = z.url({ protocol: /^https?$/ });
const valuesKey = z
  .string()
  .refine((text) => parseValuesKey(text) !== undefined, 'Must be 32 bytes as base64 (43-44 characters) or 64 hex digits')
  .optional();

const variables = {
  PORT: { schema: port.default(3000), description: 'TCP port the server listens on.' },
  HOST: { schema: z.string().min(1).default('0.0.0.0'), description: 'Interface the server binds to.' },
  DATA_DIR: {
    schema: z.string().min(1).default('./data'),
    description:
      'Directory for the embedded database (DATA_DIR/pglite), the key files (DATA_DIR/secrets) and the mail outbox (DATA_DIR/outbox); kept owner-only (0700/0600).',
  },
  DATABASE_URL: {
    schema: z.string().regex(/^postgres(ql)?:\/\//, 'Must be a postgres:// URL').optional(),
    description: 'PostgreSQL connection URL; when set it is used instead of the embedded database.',
  },
  JWT_SECRET: {
    schema: z.string().min(32, 'Must be at least 32 characters').optional(),
    description:
      'Secret that signs access tokens; if unset one is generated at first start into DATA_DIR/secrets/jwt-secret (required with DATABASE_URL).',
  },
  VALUES_ENCRYPTION_KEY: {
    schema: valuesKey,
    description:
      'Key (32 bytes, base64 or hex) that encrypts sensitive variable values; if unset one is generated at first start into DATA_DIR/secrets/values-key (required with DATABASE_URL).',
  },
  VALUES_ENCRYPTION_KEY_PREVIOUS: {
    schema: valuesKey,
    description: 'The key being rotated out: values encrypted with it are re-encrypted with VALUES_ENCRYPTION_KEY at start.',
  },
  APP_URL: {
    schema: httpUrl.optional(),
    description: 'Public base URL of the app, used in mailed links.',
  },
  SMTP_URL: {
    schema: z.string().regex(/^smtps?:\/\//, 'Must be an smtp:// or smtps:// URL').optional(),
    description: 'SMTP server for outgoing mail; if unset mails are written to DATA_DIR/outbox as .eml files.',
  },
  MAIL_FROM: {
    schema: z.string().min(1).default('Flowsmith <no-reply@flowsmith.local>'),
    description: 'Sender address of outgoing mail.',
  },
  GOOGLE_CLIENT_ID: {
    schema: optionalText,
    description: 'OAuth client id for Google sign-in; if unset Google sign-in is disabled.',
  },
  GOOGLE_JWKS_URL: {
    schema: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
    description: 'Where the keys that sign Google ID tokens are published.',
  },
  LOG_LEVEL: { schema: logLevel.default('info'), description: 'Log level (fatal, error, warn, info, debug, trace, silent).' },
  DIST_DIR: { schema: z.string().min(1).default('./dist'), description: 'Directory of the built single-page app.' },
  TRUST_PROXY: {
    schema: flag.default(false),
    description: 'Trust X-Forwarded-* headers (set when running behind a load balancer), so rate limits see client IPs.',
  },
  WS_PING_INTERVAL_MS: { schema: positiveInt.default(30_000), description: 'How often the WebSocket sends a ping.' },
  WS_AUTH_TIMEOUT_MS: {
    schema: positiveInt.default(10_000),
    description: 'How long a WebSocket may stay open without authenticating.',
  },
  REFRESH_REUSE_GRACE_SECONDS: {
    schema: z.coerce.number().int().min(0).max(300).default(10),
    description:
      'A refresh token presented again this soon after its rotation (another tab racing) is refused without revoking the session.',
  },
  RATE_LIMIT_LOGIN_EMAIL_MAX: { schema: positiveInt.default(10), description: 'Sign-in attempts allowed per email per window.' },
  RATE_LIMIT_LOGIN_EMAIL_WINDOW_MINUTES: { schema: positiveInt.default(15), description: 'Window of the per-email sign-in limit.' },
  RATE_LIMIT_LOGIN_IP_MAX: { schema: positiveInt.default(50), description: 'Sign-in attempts allowed per IP address per window.' },
  RATE_LIMIT_LOGIN_IP_WINDOW_MINUTES: { schema: positiveInt.default(15), description: 'Window of the per-IP sign-in limit.' },
  RATE_LIMIT_FORGOT_EMAIL_MAX: {
    schema: positiveInt.default(3),
    description: 'Password-reset requests allowed per email per window.',
  },
  RATE_LIMIT_FORGOT_EMAIL_WINDOW_MINUTES: {
    schema: positiveInt.default(60),
    description: 'Window of the per-email password-reset limit.',
  },
  RATE_LIMIT_FORGOT_IP_MAX: {
    schema: positiveInt.default(20),
    description: 'Password-reset requests allowed per IP address per window.',
  },
  RATE_LIMIT_FORGOT_IP_WINDOW_MINUTES: {
    schema: positiveInt.default(60),
    description: 'Window of the per-IP password-reset limit.',
  },
  RATE_LIMIT_REGISTER_IP_MAX: { schema: positiveInt.default(20), description: 'Sign-ups allowed per IP address per window.' },
  RATE_LIMIT_REGISTER_IP_WINDOW_MINUTES: { schema: positiveInt.default(60), description: 'Window of the per-IP sign-up limit.' },
  RATE_LIMIT_REFRESH_IP_MAX: {
    schema: positiveInt.default(300),
    description: 'Token refreshes allowed per IP address per window (every open tab refreshes about every 15 minutes).',
  },
  RATE_LIMIT_REFRESH_IP_WINDOW_MINUTES: { schema: positiveInt.default(15), description: 'Window of the per-IP refresh limit.' },
  RATE_LIMIT_GOOGLE_IP_MAX: { schema: positiveInt.default(50), description: 'Google sign-ins allowed per IP address per window.' },
  RATE_LIMIT_GOOGLE_IP_WINDOW_MINUTES: { schema: positiveInt.default(15), description: 'Window of the per-IP Google sign-in limit.' },
  RATE_LIMIT_ACCOUNT_PASSWORD_MAX: {
    schema: positiveInt.default(10),
    description: 'Password checks of account changes (email, password, deletion) allowed per user per window; a correct password starts the count over.',
  },
  RATE_LIMIT_ACCOUNT_PASSWORD_WINDOW_MINUTES: { schema: positiveInt.default(15), description: 'Window of the per-user account password limit.' },
  RUN_CONCURRENCY: {
    schema: z.coerce.number().int().min(1).max(256).default(5),
    description: 'Runs one server process executes at once; more wait in the queue (shared by every process on one database).',
  },
  RUN_DAILY_QUOTA: {
    schema: z.coerce.number().int().min(0).default(1000),
    description: 'Runs a user may start per UTC day; beyond it a run is recorded as QUOTA_EXCEEDED (0 means no limit).',
  },
  RUN_LEASE_MS: {
    schema: z.coerce.number().int().min(1000).default(60_000),
    description: 'How long a claimed run may go unrenewed before it counts as crashed and is put back to resume on another worker.',
  },
  RUN_MAX_RESUMES: {
    schema: z.coerce.number().int().min(0).max(100).default(3),
    description: 'How often a run whose worker died is resumed from its last checkpoint; past it the run ends INTERNAL_ERROR (0: never resumed).',
  },
  RUN_WORKERS_ENABLED: {
    schema: flag.default(true),
    description: 'Whether this process executes queued runs and fires schedules (false: it only serves and enqueues).',
  },
  RUN_CONCURRENCY_PER_USER: {
    schema: z.coerce.number().int().min(1).max(256).default(4),
    description: 'Runs of one user executing at once across every process; the rest of the user’s runs wait, so others’ runs still start.',
  },
  RUN_MAX_STEP_DATA_KB: {
    schema: z.coerce.number().int().min(1).max(512 * 1024).default(2048),
    description: 'Largest input or output of one step, in KB of JSON; beyond it the step fails.',
  },
  RUN_MAX_RUN_DATA_MB: {
    schema: z.coerce.number().int().min(1).max(1024).default(8),
    description: 'Most data one run keeps in its record (every step’s input, output and logs), in MB of JSON; beyond it the run ends FAILED.',
  },
  RUN_MAX_LOG_LINES: {
    schema: z.coerce.number().int().min(0).default(2000),
    description: 'Log lines (console.log and friends) one run’s code steps may write; beyond it the run ends FAILED.',
  },
  RUN_MAX_LOOP_ITERATIONS: {
    schema: z.coerce.number().int().min(1).default(10_000),
    description: 'Items one loop may walk; a loop over more fails.',
  },
  SCHEDULE_MIN_INTERVAL_SECONDS: {
    schema: z.coerce.number().int().min(1).max(86_400).default(60),
    description: 'Shortest time between two runs of a schedule; a cron expression that fires more often does not run.',
  },
  CODE_SANDBOX_THREADS: {
    schema: z.coerce.number().int().min(1).max(64).default(3),
    description: 'Worker threads running code steps at once (each holds one QuickJS runtime).',
  },
  CODE_SANDBOX_THREADS_PER_USER: {
    schema: z.coerce.number().int().min(1).max(64).optional(),
    description: 'Sandbox threads one user’s code may hold at once; by default all but one, so another user’s code always finds a thread.',
  },
  CODE_MEMORY_LIMIT_MB: {
    schema: z.coerce.number().int().min(8).max(4096).default(64),
    description: 'Heap limit of one code step; beyond it the run ends MEMORY_LIMIT_EXCEEDED.',
  },
  CODE_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100).default(10_000),
    description: 'Wall-clock limit of one code step; beyond it the run ends TIMEOUT.',
  },
  HTTP_PIECE_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100).default(30_000),
    description: 'Default and greatest time an HTTP request step may take.',
  },
  HTTP_PIECE_ALLOW_PRIVATE_NETWORKS: {
    schema: flag.default(false),
    description: 'Let HTTP request steps reach loopback, private and link-local addresses (the server’s own network).',
  },
  WEBHOOK_RATE_LIMIT_PER_MINUTE: {
    schema: positiveInt.default(600),
    description: 'Calls a workflow’s webhook URL accepts per minute (the URL is public; beyond it callers get 429).',
  },
  ACTIVITY_RETENTION_DAYS: {
    schema: positiveInt.default(90),
    description: 'Days the dashboard’s activity feed keeps an entry after its latest occurrence; older entries are pruned hourly.',
  },
  RUN_RETENTION_DAYS: {
    schema: z.coerce.number().int().min(0).max(36_500).default(30),
    description: 'Days a finished run (with its steps’ data) is kept after it started; older runs are deleted in batches by the hourly prune (0 keeps them for ever). Dashboards keep counting them.',
  },
  RUN_RETENTION_PER_WORKFLOW: {
    schema: z.coerce.number().int().min(0).max(100_000_000).default(0),
    description: 'Newest runs each workflow keeps; older ones are deleted by the hourly prune (0: no count limit). While RUN_DAILY_QUOTA is set, today’s runs are kept.',
  },
  API_KEY_RATE_LIMIT_PER_MINUTE: {
    schema: positiveInt.default(600),
    description: 'Requests one API key may make per minute; beyond it callers get 429 with Retry-After.',
  },
  DELAY_PIECE_MAX_SECONDS: {
    schema: z.coerce.number().int().min(0).default(3600),
    description: 'Longest wait a Delay step may ask for; the run holds a worker while it waits.',
  },
} as const;

type VariableName = keyof typeof variables;

/** Defaults that depend on another variable, written as people read them. */
const derivedDefaults: Partial<Record<VariableName, string>> = { APP_URL: 'http://localhost:${PORT}' };

export interface ConfigVariable {
  name: VariableName;
  /** The default as text, or undefined when the variable is optional and has none. */
  default: string | undefined;
  description: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = (Object.keys(variables) as VariableName[]).map((name) => {
  const parsed = variables[name].schema.safeParse(undefined);
  const fromSchema = parsed.success && parsed.data !== undefined ? String(parsed.data) : undefined;
  return { name, default: derivedDefaults[name] ?? fromSchema, description: variables[name].description };
});

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitSettings {
  loginPerEmail: RateLimitRule;
  loginPerIp: RateLimitRule;
  forgotPerEmail: RateLimitRule;
  forgotPerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  refreshPerIp: RateLimitRule;
  googlePerIp: RateLimitRule;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** VALUES_ENCRYPTION_KEY, as text (parsed in server/secrets). */
  valuesKey: string | undefined;
  previousValuesKey: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  logLevel: z.infer<typeof logLevel>;
  distDir: string;
  trustProxy: boolean;
  wsPingIntervalMs: number;
  wsAuthTimeoutMs: number;
  rateLimits: RateLimitSettings;
  refreshReuseGraceSeconds: number;
  /** ACTIVITY_RETENTION_DAYS */
  activityRetentionDays: number;
  /** RUN_RETENTION_DAYS, RUN_RETENTION_PER_WORKFLOW (server/runs/retention.ts); 0 = no limit. */
  runRetention: { days: number; perWorkflow: number };
  /** API_KEY_RATE_LIMIT_PER_MINUTE */
  apiKeyPerMinute: number;
  engine: EngineSettings;
  /** RATE_LIMIT_ACCOUNT_PASSWORD_*: password checks of account changes, per user (server/account). */
  accountPasswordLimit: RateLimitRule;
}

export interface EngineSettings {
  concurrency: number;
  dailyQuota: number;
  leaseMs: number;
  /** RUN_MAX_RESUMES (issue 15): crash-resumes of one run before it ends INTERNAL_ERROR. */
  maxResumes: number;
  workersEnabled: boolean;
  concurrencyPerUser: number;
  runLimits: RunLimits;
  scheduleMinIntervalMs: number;
  codeThreads: number;
  /** Undefined: all threads but one. */
  codeThreadsPerUser: number | undefined;
  codeMemoryBytes: number;
  codeTimeoutMs: number;
  httpTimeoutMs: number;
  httpAllowPrivateNetworks: boolean;
  maxDelayMs: number;
  webhookPerMinute: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const envSchema = z.object(
  Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.schema])) as {
    [K in VariableName]: (typeof variables)[K]['schema'];
  },
);

const minutes = (n: number) => n * 60_000;

/** Reads the configuration from an environment (process.env in production, a plain object in tests). */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  // An empty variable (`FOO=`) means "not set", as shells and .env files usually intend.
  const present = Object.fromEntries(
    (Object.keys(variables) as VariableName[]).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = result.data;
  // Processes sharing one PostgreSQL must agree on both secrets: see server/secrets/server-secrets.ts.
  if (e.DATABASE_URL && (!e.JWT_SECRET || !e.VALUES_ENCRYPTION_KEY)) {
    throw new ConfigError([
      ...(e.JWT_SECRET ? [] : ['JWT_SECRET: Required when DATABASE_URL is set (the same value in every server process)']),
      ...(e.VALUES_ENCRYPTION_KEY
        ? []
        : ['VALUES_ENCRYPTION_KEY: Required when DATABASE_URL is set (the same value in every server process)']),
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    valuesKey: e.VALUES_ENCRYPTION_KEY,
    previousValuesKey: e.VALUES_ENCRYPTION_KEY_PREVIOUS,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    logLevel: e.LOG_LEVEL,
    distDir: e.DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    wsPingIntervalMs: e.WS_PING_INTERVAL_MS,
    wsAuthTimeoutMs: e.WS_AUTH_TIMEOUT_MS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    runRetention: { days: e.RUN_RETENTION_DAYS, perWorkflow: e.RUN_RETENTION_PER_WORKFLOW },
    apiKeyPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    accountPasswordLimit: { max: e.RATE_LIMIT_ACCOUNT_PASSWORD_MAX, windowMs: minutes(e.RATE_LIMIT_ACCOUNT_PASSWORD_WINDOW_MINUTES) },
    engine: {
      concurrency: e.RUN_CONCURRENCY,
      dailyQuota: e.RUN_DAILY_QUOTA,
      leaseMs: e.RUN_LEASE_MS,
      maxResumes: e.RUN_MAX_RESUMES,
      workersEnabled: e.RUN_WORKERS_ENABLED,
      concurrencyPerUser: e.RUN_CONCURRENCY_PER_USER,
      runLimits: {
        maxStepData: e.RUN_MAX_STEP_DATA_KB * 1024,
        maxRunData: e.RUN_MAX_RUN_DATA_MB * 1024 * 1024,
        maxLogLines: e.RUN_MAX_LOG_LINES,
        maxLoopIterations: e.RUN_MAX_LOOP_ITERATIONS,
      },
      scheduleMinIntervalMs: e.SCHEDULE_MIN_INTERVAL_SECONDS * 1000,
      codeThreads: e.CODE_SANDBOX_THREADS,
      codeThreadsPerUser: e.CODE_SANDBOX_THREADS_PER_USER,
      codeMemoryBytes: e.CODE_MEMORY_LIMIT_MB * 1024 * 1024,
      codeTimeoutMs: e.CODE_TIMEOUT_MS,
      httpTimeoutMs: e.HTTP_PIECE_TIMEOUT_MS,
      httpAllowPrivateNetworks: e.HTTP_PIECE_ALLOW_PRIVATE_NETWORKS,
      maxDelayMs: e.DELAY_PIECE_MAX_SECONDS * 1000,
      webhookPerMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    },
    rateLimits: {
      loginPerEmail: { max: e.RATE_LIMIT_LOGIN_EMAIL_MAX, windowMs: minutes(e.RATE_LIMIT_LOGIN_EMAIL_WINDOW_MINUTES) },
      loginPerIp: { max: e.RATE_LIMIT_LOGIN_IP_MAX, windowMs: minutes(e.RATE_LIMIT_LOGIN_IP_WINDOW_MINUTES) },
      forgotPerEmail: { max: e.RATE_LIMIT_FORGOT_EMAIL_MAX, windowMs: minutes(e.RATE_LIMIT_FORGOT_EMAIL_WINDOW_MINUTES) },
      forgotPerIp: { max: e.RATE_LIMIT_FORGOT_IP_MAX, windowMs: minutes(e.RATE_LIMIT_FORGOT_IP_WINDOW_MINUTES) },
      registerPerIp: { max: e.RATE_LIMIT_REGISTER_IP_MAX, windowMs: minutes(e.RATE_LIMIT_REGISTER_IP_WINDOW_MINUTES) },
      refreshPerIp: { max: e.RATE_LIMIT_REFRESH_IP_MAX, windowMs: minutes(e.RATE_LIMIT_REFRESH_IP_WINDOW_MINUTES) },
      googlePerIp: { max: e.RATE_LIMIT_GOOGLE_IP_MAX, windowMs: minutes(e.RATE_LIMIT_GOOGLE_IP_WINDOW_MINUTES) },
    },
  };
}

/** The variables as a Markdown table, for the README. */
export function configReferenceMarkdown(): string {
  const rows = CONFIG_VARIABLES.map(
    (v) => `| \`${v.name}\` | ${v.default === undefined ? '(unset)' : `\`${v.default}\``} | ${v.description} |`,
  );
  return ['| Variable | Default | Description |', '| --- | --- | --- |', ...rows].join('\n');
}
