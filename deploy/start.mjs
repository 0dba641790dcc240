#!/usr/bin/env node
// Starts the deployment example: two carpool server processes on one PostgreSQL and one Redis,
// behind nginx (a non-daemon nginx with its own prefix and temp folders, on unprivileged ports).
// A server process that exits is started again, as a service manager would.
//
//   DATABASE_URL=postgres://... REDIS_URL=redis://... node deploy/start.mjs
//
// Settings (environment): DATABASE_URL, REDIS_URL (both required), PROXY_PORT (default: a free
// port), NGINX (default: nginx on the PATH, else /usr/sbin/nginx), SERVER_FROM_SOURCE=1 (run the
// servers from source with tsx instead of apps/server/dist), and every server setting, passed
// through (DATA_DIR defaults to a folder of this run: the processes share the dev sign-in key).
// Status lines go to standard output, the servers' and nginx's logs to standard error.
// SIGHUP restarts the servers one after the other without failing a request (a rolling restart:
// nginx stops sending to the process, then it drains and starts again). Ctrl-C (or SIGTERM)
// stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_TIMEOUT_MS = 90_000;
const RESTART_DELAY_MS = 500;

const say = (line) => process.stdout.write(`${line}\n`);
const fail = (message) => {
  process.stderr.write(`deploy: ${message}\n`);
  process.exit(1);
};
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function findNginx() {
  const candidates = [process.env.NGINX, 'nginx', '/usr/sbin/nginx'].filter(Boolean);
  return candidates.find((candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) ?? null;
}

async function waitForHealth(url, isAlive) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      // 200 is ok or degraded (Redis down): either can serve.
      if ((await fetch(`${url}/api/health`)).status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await pause(200);
  }
  return false;
}

/** Pipes a child's output to standard error, each line marked with its source. */
function forward(stream, label) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop();
    for (const line of lines) process.stderr.write(`[${label}] ${line}\n`);
  });
}

class ServerProcess {
  constructor(index, port, env) {
    this.index = index;
    this.port = port;
    this.env = env;
    this.child = null;
    this.stopping = false;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const fromSource = process.env.SERVER_FROM_SOURCE === '1' || !existsSync(path.join(root, 'apps/server/dist/main.js'));
    const args = fromSource ? ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'] : ['apps/server/dist/main.js'];
    const child = spawn(process.execPath, args, { cwd: root, env: { ...this.env, PORT: String(this.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    forward(child.stdout, `server ${this.index}`);
    forward(child.stderr, `server ${this.index}`);
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      say(`server ${this.index} (port ${this.port}) exited (${signal ?? `code ${code}`}), starting it again`);
      setTimeout(() => void this.start().catch((error) => fail(error.message)), RESTART_DELAY_MS);
    });
    const healthy = await waitForHealth(this.url, () => child.exitCode === null && child.signalCode === null);
    if (!healthy) {
      if (child.exitCode !== null || child.signalCode !== null) return; // Its exit handler starts it again.
      throw new Error(`server ${this.index} did not become healthy within ${STARTUP_TIMEOUT_MS / 1000} s`);
    }
    say(`server ${this.index} (port ${this.port}) started, pid ${child.pid}`);
  }

  async stop() {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async restart() {
    await this.stop();
    this.stopping = false;
    await this.start();
  }
}

async function main() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    fail('set DATABASE_URL and REDIS_URL: the two processes share one PostgreSQL and one Redis');
  }
  const nginx = findNginx();
  if (!nginx) fail('nginx is not installed (Debian: apt-get install nginx), or set NGINX to its path');

  const prefix = mkdtempSync(path.join(tmpdir(), 'carpool-deploy-'));
  // nginx's workers drop root for an unprivileged user: they must reach the temp folders.
  chmodSync(prefix, 0o755);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(prefix, 'tmp', dir), { recursive: true });
    chmodSync(path.join(prefix, 'tmp', dir), 0o777);
  }
  chmodSync(path.join(prefix, 'tmp'), 0o755);

  const proxyPort = process.env.PROXY_PORT ? Number(process.env.PROXY_PORT) : await freePort();
  const serverEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: process.env.DATA_DIR ?? path.join(prefix, 'data'),
    // Only nginx, on this machine, may say who the client is (X-Forwarded-For).
    TRUST_PROXY: '127.0.0.1',
  };
  const servers = [new ServerProcess(1, await freePort(), serverEnv), new ServerProcess(2, await freePort(), serverEnv)];
  let nginxChild = null;
  let stopping = false;

  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    say('stopping');
    const nginxExited = nginxChild && nginxChild.exitCode === null ? new Promise((resolve) => nginxChild.once('exit', resolve)) : null;
    nginxChild?.kill('SIGQUIT');
    await Promise.all([nginxExited, ...servers.map((server) => server.stop())]);
    rmSync(prefix, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    // One after the other: the first one migrates the database and writes the sign-in key.
    for (const server of servers) await server.start();
  } catch (error) {
    process.stderr.write(`deploy: ${error.message}\n`);
    await stop(1);
  }

  const template = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8');
  // The web build that nginx serves (WEB_DIST_DIR, as the servers read it); without a build every
  // request goes to the servers, which then serve the API alone.
  const webDist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'));
  if (!existsSync(path.join(webDist, 'index.html'))) say(`no web build in ${webDist} (npm run build): only the API is served`);
  /** The configuration with every server, or with one of them marked `down` (nginx sends it nothing new). */
  const writeConfig = (downServer = null) => {
    const entry = (server) => `127.0.0.1:${server.port}${server === downServer ? ' down' : ''}`;
    const config = template
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{USER}}', '')
      .replaceAll('{{LISTEN}}', `127.0.0.1:${proxyPort}`)
      .replaceAll('{{WEB_DIST}}', webDist)
      .replaceAll('{{SERVER_1}}', entry(servers[0]))
      .replaceAll('{{SERVER_2}}', entry(servers[1]));
    writeFileSync(path.join(prefix, 'nginx.conf'), config);
  };
  /** nginx re-reads its configuration; workers of the old one finish what they have in hand. */
  const reloadNginx = async () => {
    nginxChild.kill('SIGHUP');
    await pause(1_000);
  };
  writeConfig();
  nginxChild = spawn(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forward(nginxChild.stdout, 'nginx');
  forward(nginxChild.stderr, 'nginx');
  nginxChild.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`deploy: nginx exited (${signal ?? `code ${code}`}); see ${path.join(prefix, 'error.log')}\n`);
    void stop(1);
  });
  const url = `http://127.0.0.1:${proxyPort}`;
  if (!(await waitForHealth(url, () => nginxChild.exitCode === null))) {
    process.stderr.write(`deploy: nginx did not answer on ${url}\n`);
    await stop(1);
  }
  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting || stopping) return;
    restarting = true;
    void (async () => {
      for (const server of servers) {
        say(`rolling restart: server ${server.index} out of nginx, draining`);
        writeConfig(server);
        await reloadNginx();
        await server.restart();
        writeConfig();
        await reloadNginx();
      }
      say('rolling restart done');
    })()
      .catch((error) => process.stderr.write(`deploy: rolling restart failed: ${error.message}\n`))
      .finally(() => {
        restarting = false;
      });
  });
  say(`carpool is up at ${url} (nginx, pid ${nginxChild.pid}) in front of ${servers.map((server) => server.url).join(' and ')}`);
  say(`rolling restart: kill -HUP ${process.pid}; stop: kill ${process.pid} (or Ctrl-C)`);
}

await main();
