// Entry point: validate the environment, build the app, listen, and shut down cleanly on signals
// (finish in-flight requests, then exit 0) so container restarts never cut a download.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      // A stuck connection must not keep the process alive forever.
      setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error, 'error while shutting down');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Archive Opener is running at http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/`);
}

main().catch((error: unknown) => {
  // Configuration and missing-build errors are for humans: print the message, not a stack trace.
  const known = error instanceof Error && (error.name === 'ConfigError' || error.name === 'WebRootError');
  console.error(known ? error.message : error);
  process.exit(1);
});
