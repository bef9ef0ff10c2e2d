// Starting an engine worker costs more than most jobs take (a new V8 isolate loading the engine's
// modules): a small 7z's first job took ~0.12 s in a new worker (~0.18 s before the rarely needed
// backends were loaded on demand), ~0.01 s in a kept one. A worker whose job ended with an answer
// is kept for the next job; one that timed out, was cancelled, crashed or failed internally is
// terminated, as before. So is one whose job was big: its garbage (a zip's large entries, a 7z's
// grown WASM memory) would stay for as long as it waits, since an idle isolate never collects it,
// and starting afresh costs little next to such a job. Kept workers never hold the process open
// and end after a while unused, giving back their memory.
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from './module-worker.js';
import { compiledSevenZipWasm } from './sevenzip-wasm.js';
import type { WorkerBoot } from './worker-protocol.js';

/** How long an unused worker is kept. */
const IDLE_MS = 20_000;
/** Workers kept per heap limit: the server runs two jobs at a time. */
const MAX_IDLE = 2;
/**
 * A worker whose job wrote (or read) more than this is not kept. After 50 MB of output a worker's
 * heap and external memory held 41 MB (zip) to 58 MB (7z), against ~15 MB after a small job, and
 * kept holding it until the worker ended.
 */
export const KEEP_MAX_JOB_BYTES = 16 * 1024 * 1024;

interface IdleWorker {
  worker: Worker;
  forget(): void;
}

/** Kept workers by their V8 heap limit (a worker's limit is fixed when it starts). */
const idle = new Map<number, IdleWorker[]>();

/** A kept worker with this heap limit, or a new one. */
export async function takeWorker(maxHeapMb: number): Promise<Worker> {
  const kept = idle.get(maxHeapMb)?.pop();
  if (kept) {
    kept.forget();
    kept.worker.ref();
    return kept.worker;
  }
  const boot: WorkerBoot = { wasm: await compiledSevenZipWasm() };
  const options = { workerData: boot, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } };
  return startModuleWorker('worker-entry', options);
}

/**
 * Keeps a worker that has answered its job and has no listener of the job left on it, unless
 * enough are kept already or its job handled more than KEEP_MAX_JOB_BYTES.
 */
export function keepWorker(worker: Worker, maxHeapMb: number, jobBytes: number): void {
  const list = idle.get(maxHeapMb) ?? [];
  idle.set(maxHeapMb, list);
  if (list.length >= MAX_IDLE || jobBytes > KEEP_MAX_JOB_BYTES) {
    void worker.terminate();
    return;
  }
  const end = () => {
    entry.forget();
    void worker.terminate();
  };
  const timer = setTimeout(end, IDLE_MS).unref();
  const entry: IdleWorker = {
    worker,
    forget() {
      clearTimeout(timer);
      worker.off('exit', end).off('error', end);
      const index = list.indexOf(entry);
      if (index >= 0) list.splice(index, 1);
    },
  };
  // A kept worker that fails or stops while waiting is dropped (an 'error' without a listener
  // would be thrown in this thread).
  worker.once('exit', end).once('error', end);
  worker.unref();
  list.push(entry);
}

/** Workers kept right now (for tests). */
export function keptWorkers(): number {
  let count = 0;
  for (const list of idle.values()) count += list.length;
  return count;
}
