import { Worker } from 'node:worker_threads';

/**
 * Catches what the in-process oracle cannot: a reader stuck in a synchronous loop (the event loop
 * never returns to fire the 5 s timer) or memory growing without bound. The fuzzer copies each
 * input into shared memory before running it; a watcher thread that sees the same input running
 * for too long, or the process's memory past a ceiling, saves that input as a regression fixture
 * and ends the process.
 */

const MAX_INPUT_BYTES = 8 * 1024 * 1024;

export interface WatchdogOptions {
  target: string;
  regressionsDir: string;
  /** An input still running after this long is a hang (beyond the oracle's own 5 s, which fires first when it can). */
  stuckMs: number;
  /** Resident memory past this is unbounded growth. */
  maxRssBytes: number;
}

export class Watchdog {
  private readonly state = new Int32Array(new SharedArrayBuffer(12));
  private readonly input = new Uint8Array(new SharedArrayBuffer(MAX_INPUT_BYTES));
  private readonly worker: Worker;

  constructor(options: WatchdogOptions) {
    this.worker = new Worker(WATCHER, {
      eval: true,
      workerData: { ...options, state: this.state, input: this.input },
    });
    this.worker.unref();
  }

  /** Marks the start of one input's run. */
  arm(bytes: Uint8Array): void {
    const length = Math.min(bytes.length, MAX_INPUT_BYTES);
    this.input.set(bytes.subarray(0, length));
    Atomics.store(this.state, 1, length);
    Atomics.add(this.state, 0, 1);
    Atomics.store(this.state, 2, 1);
  }

  /** The input's run ended: time spent outside runs (drawing the next input) is not a hang. */
  disarm(): void {
    Atomics.store(this.state, 2, 0);
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

const WATCHER = `
const { workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { target, regressionsDir, stuckMs, maxRssBytes, state, input } = workerData;
let lastRun = -1;
let since = Date.now();
setInterval(() => {
  const run = Atomics.load(state, 0);
  if (run !== lastRun || Atomics.load(state, 2) === 0) { lastRun = run; since = Date.now(); }
  const rss = process.memoryUsage.rss();
  const problem = Date.now() - since > stuckMs ? 'no answer within ' + Math.round(stuckMs / 1000) + ' s (event loop blocked)'
    : rss > maxRssBytes ? 'memory past ' + Math.round(maxRssBytes / 2 ** 20) + ' MiB (rss ' + Math.round(rss / 2 ** 20) + ' MiB)' : null;
  if (!problem || run === 0) return;
  const bytes = input.slice(0, Atomics.load(state, 1));
  const dir = join(regressionsDir, target);
  mkdirSync(dir, { recursive: true });
  const name = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  writeFileSync(join(dir, name + '.bin'), bytes);
  writeFileSync(join(dir, name + '.txt'), target + ': ' + problem + '\\n');
  process.stderr.write('watchdog: ' + target + ': ' + problem + '; input saved as ' + join(dir, name + '.bin') + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, 500);
`;
