import { describe, expect, it } from '@rstest/core';
import { CONFIG_VARIABLES, ConfigError, configReferenceMarkdown, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Flowsmith <no-reply@flowsmith.local>',
      googleClientId: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      logLevel: 'info',
      distDir: './dist',
      trustProxy: false,
      wsPingIntervalMs: 30_000,
      wsAuthTimeoutMs: 10_000,
    });
    expect(config.rateLimits).toEqual({
      loginPerEmail: { max: 10, windowMs: 15 * 60_000 },
      loginPerIp: { max: 50, windowMs: 15 * 60_000 },
      forgotPerEmail: { max: 3, windowMs: 60 * 60_000 },
      forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
      registerPerIp: { max: 20, windowMs: 60 * 60_000 },
      refreshPerIp: { max: 300, windowMs: 15 * 60_000 },
      googlePerIp: { max: 50, windowMs: 15 * 60_000 },
    });
  });

  it('reads overrides, derives APP_URL from PORT and treats empty as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '', RATE_LIMIT_LOGIN_EMAIL_MAX: '5', TRUST_PROXY: 'true' });
    expect(config.port).toBe(8080);
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.rateLimits.loginPerEmail.max).toBe(5);
    expect(config.trustProxy).toBe(true);
    expect(loadConfig({ APP_URL: 'https://flowsmith.example.com/' }).appUrl).toBe('https://flowsmith.example.com');
  });

  it('names every invalid variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'JWT_SECRET', 'LOG_LEVEL', 'DATABASE_URL']) expect(problems).toContain(name);
  });

  it('requires both secrets from the environment when DATABASE_URL is set, and checks the values key', () => {
    const url = 'postgres://flowsmith@localhost/flowsmith';
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
    };
    const jwt = 'j'.repeat(48);
    const key = Buffer.alloc(32, 7).toString('base64url');
    expect(problemsOf({ DATABASE_URL: url }).join('\n')).toMatch(/JWT_SECRET: Required when DATABASE_URL is set[\s\S]*VALUES_ENCRYPTION_KEY: Required/);
    expect(problemsOf({ DATABASE_URL: url, JWT_SECRET: jwt })).toHaveLength(1);
    expect(problemsOf({ DATABASE_URL: url, JWT_SECRET: jwt, VALUES_ENCRYPTION_KEY: key })).toEqual([]);
    expect(problemsOf({ DATABASE_URL: url, JWT_SECRET: jwt, VALUES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('hex') })).toEqual([]);
    expect(problemsOf({ VALUES_ENCRYPTION_KEY: 'too-short' }).join()).toContain('VALUES_ENCRYPTION_KEY');
    expect(problemsOf({ VALUES_ENCRYPTION_KEY_PREVIOUS: Buffer.alloc(31).toString('base64url') }).join()).toContain('VALUES_ENCRYPTION_KEY_PREVIOUS');
    // A problem names the variable, never echoes its value.
    expect(problemsOf({ VALUES_ENCRYPTION_KEY: 'secret-looking-but-invalid' }).join()).not.toContain('secret-looking');
  });

  it('documents every variable with its default', () => {
    const byName = Object.fromEntries(CONFIG_VARIABLES.map((v) => [v.name, v]));
    expect(byName.PORT?.default).toBe('3000');
    expect(byName.APP_URL?.default).toBe('http://localhost:${PORT}');
    expect(byName.DATABASE_URL?.default).toBeUndefined();
    expect(byName.RATE_LIMIT_FORGOT_EMAIL_MAX?.default).toBe('3');
    for (const variable of CONFIG_VARIABLES) expect(variable.description.length).toBeGreaterThan(10);
  });

  it('renders the README table', () => {
    const table = configReferenceMarkdown().split('\n');
    expect(table).toHaveLength(CONFIG_VARIABLES.length + 2);
    expect(table).toContain('| `PORT` | `3000` | TCP port the server listens on. |');
  });
});
