/** `tsx server/main.ts`: reads the environment, starts the server, and shuts down cleanly on a signal. */
import { createServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  // Everything this process creates (DATA_DIR, the database, key files, mails, logs it redirects into
  // files) is owner-only unless a mode says otherwise; set before any file is touched.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { port, host, ...options } = config;
  const server = await createServer(options);
  await server.app.listen({ port, host });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now".
      process.exit(1);
    }
    stopping = true;
    server.app.log.info({ signal }, 'Shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
