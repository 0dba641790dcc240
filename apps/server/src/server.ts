import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { FolderLockedError } from './db/folder-lock.js';
import { localUrl, newAdminToken, removeAdminCredential, writeAdminCredential } from './lib/admin-credential.js';
import { trackForDrain } from './lib/http-drain.js';
import { SERVER_PACKAGE_DIR } from './paths.js';

const DEFAULT_WEB_DIST = path.join(SERVER_PACKAGE_DIR, '../web/dist');
const SHUTDOWN_GRACE_MS = 10_000;
/** How long idle keep-alive connections get to send one last request (answered) before they are closed. */
const IDLE_CONNECTION_WAIT_MS = 1_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  config = { ...config, webDistDir: config.webDistDir ?? DEFAULT_WEB_DIST };

  // The app's modules load while the embedded database opens (bench/README.md, "the embedded start").
  const appModule = import('./app.js');
  appModule.catch(() => {});
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pg'),
      embedded: { sharedBuffers: config.pgliteSharedBuffers },
    });
  } catch (error) {
    if (error instanceof FolderLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();

  // `npm run admin` and `npm run backup` go through this process with it (the embedded database has one owner).
  const machineCredential = newAdminToken();
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database, machineCredential });
  app.addHook('onClose', async () => {
    removeAdminCredential(config.dataDir, machineCredential);
    await database.close();
  });
  const drain = trackForDrain(app.server);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // The drain first (stop listening, close keep-alive connections cleanly), then the app:
    // sockets, requests still running, the database and Redis clients.
    drain.start(IDLE_CONNECTION_WAIT_MS).then(() => app.close()).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  mkdirSync(config.dataDir, { recursive: true });
  writeAdminCredential(config.dataDir, { url: localUrl(config.host, port), token: machineCredential, pid: process.pid });
  // Also on an exit that skips the orderly shutdown (process.exit from the shutdown timer).
  process.on('exit', () => removeAdminCredential(config.dataDir, machineCredential));
  if (config.devSignInExposed) {
    app.log.warn(
      { host: config.host },
      `development sign-in is on and listening on ${config.host} (ALLOW_DEV_AUTH=1): anyone who can reach this server can sign in as anyone`,
    );
  }
  app.log.info(`carpool is up on http://localhost:${config.port} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
