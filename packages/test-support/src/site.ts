import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { ROOT } from './repo-root.js';

export { ROOT };
const SERVER_ENTRY = `${ROOT}apps/server/dist/server.js`;
const WEB_ROOT = `${ROOT}apps/web/dist`;

export interface RunningSite {
  url: string;
  /** The server process (its worker threads included), for memory measurements. */
  pid: number;
  /** Ends the server with `signal` (SIGTERM: a clean shutdown; SIGKILL: a crash) and waits for it. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const STARTUP_DEADLINE_MS = 100_000;

export interface StartOptions {
  /** Runs the server under this limit of open files (`prlimit --nofile`), as a small host would. */
  maxOpenFiles?: number;
  /** A given port instead of a free one (a measurement run by hand on its reserved ports). */
  port?: number;
}

/**
 * Starts the production server exactly as `npm start` runs it (the built entry, the built site),
 * on a free port, and resolves once it answers.
 */
export async function startSite(
  env: Record<string, string> = {},
  { maxOpenFiles, port: fixedPort }: StartOptions = {},
): Promise<RunningSite> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(`${WEB_ROOT}/index.html`))
    throw new Error('The site is not built: run `npm run build` first (npm test does).');
  const port = fixedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // prlimit execs the server in its own process, so the pid below is the server's.
  const command = maxOpenFiles === undefined ? [process.execPath] : ['prlimit', `--nofile=${maxOpenFiles}`, process.execPath];
  const child: ChildProcess = spawn(command[0] as string, [...command.slice(1), SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEB_ROOT, LOG_LEVEL: 'warn', PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Generous: a busy 2-core machine has been seen to need over 20 s (PGlite's first start and
  // migrations beside another suite). Under the e2e hook timeout (120 s), so this message, with the
  // server's output, is the one a real hang shows.
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`The server did not answer within ${STARTUP_DEADLINE_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A server that dies under a test leaves only "connection refused" in the test's failure: say
  // why, with its output, where the run's log shows it. A stop asked for is not reported.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`The server at ${url} exited (${code ?? signal}) during the test:\n${output}\n`);
  });
  return {
    url,
    pid: child.pid ?? 0,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
