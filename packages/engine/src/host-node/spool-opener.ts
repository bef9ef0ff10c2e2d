import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Empty files the thread keeps ready. A burst of tiny entries may use them all before the thread
 * catches up (the spool then creates its own), and those left over cost one create each.
 */
export const FILES_AHEAD = 16;

// Int32 slots shared with the thread.
const STATE = 0;
const TAKEN = 1;
const MADE = 2;
// Values of STATE: the thread moves it from NOT_STARTED to RUNNING, and ends it as FINISHED;
// `stop` moves it to STOPPING, or straight to FINISHED when the thread has not started.
const NOT_STARTED = 0;
const RUNNING = 1;
const STOPPING = 2;
const FINISHED = 3;

/**
 * The thread, as CommonJS source: an eval'd worker starts the same way from the compiled
 * package, from the TypeScript sources under test and from a bundle, where a worker file beside
 * this one might not exist. It creates `1`, `2`… in the folder (empty, closed again, so no
 * descriptor crosses threads), at most FILES_AHEAD beyond those taken. A failing create (a full
 * disk) ends it: the spool then creates its files itself and meets the error there.
 */
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const { closeSync, openSync } = require('node:fs');
const { join } = require('node:path');
const slots = new Int32Array(workerData.shared);
if (Atomics.compareExchange(slots, ${STATE}, ${NOT_STARTED}, ${RUNNING}) === ${NOT_STARTED}) {
  try {
    for (let made = 0; Atomics.load(slots, ${STATE}) === ${RUNNING}; ) {
      const taken = Atomics.load(slots, ${TAKEN});
      if (made - taken >= workerData.ahead) {
        Atomics.wait(slots, ${TAKEN}, taken);
        continue;
      }
      closeSync(openSync(join(workerData.dir, String(made + 1)), 'wx'));
      made += 1;
      Atomics.store(slots, ${MADE}, made);
    }
  } catch {
  } finally {
    Atomics.store(slots, ${STATE}, ${FINISHED});
    Atomics.notify(slots, ${STATE});
  }
}
`;

export interface SpoolOpener {
  /** A file the thread created in the folder (empty, closed); null when none is ready, or stopped. */
  next(): string | null;
  /** Ends the thread, waiting for a create in flight so that the folder can be removed. */
  stop(): void;
}

/**
 * Creates the disk spool's files on another thread, ahead of 7-Zip. Creating a file is the
 * costly part of writing one here (ext4 on these VMs: 0.15-0.35 ms each while 7-Zip decodes, so
 * 45-100 ms of the bench 7z's 303 files; `perf` shows ext4 without a journal scanning past
 * recently deleted inodes on each create), and 7-Zip's thread is the one that waits for it;
 * reopening a file that exists costs a path lookup. Native 7-Zip pays every create on its own
 * thread. Bench 7z, `npm run bench:compare`, 15 alternated rounds: 0.500 s against 0.582 s
 * before (-14%), native 0.421 s; the gain is larger when creating files is slower.
 */
export function spoolOpener(dir: string): SpoolOpener {
  const slots = new Int32Array(new SharedArrayBuffer(3 * 4));
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { dir, ahead: FILES_AHEAD, shared: slots.buffer } });
  worker.unref();
  // A thread that cannot start only leaves the spool creating every file itself.
  worker.on('error', () => undefined);
  let taken = 0;
  let stopped = false;
  return {
    next() {
      if (stopped || taken >= Atomics.load(slots, MADE)) return null;
      taken += 1;
      Atomics.store(slots, TAKEN, taken);
      Atomics.notify(slots, TAKEN);
      return join(dir, String(taken));
    },
    stop() {
      if (stopped) return;
      stopped = true;
      // Not started yet: it never will. Running: at most one create is in flight.
      Atomics.compareExchange(slots, STATE, NOT_STARTED, FINISHED);
      if (Atomics.compareExchange(slots, STATE, RUNNING, STOPPING) === RUNNING) {
        // TAKEN changes too: a thread between its look at STATE and its wait does not sleep on.
        Atomics.add(slots, TAKEN, 1);
        Atomics.notify(slots, TAKEN);
        Atomics.wait(slots, STATE, STOPPING, 10_000);
      }
      void worker.terminate();
    },
  };
}
