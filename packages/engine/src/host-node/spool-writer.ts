import { startModuleWorker } from './module-worker.js';
import {
  CONTROL_SLOTS,
  ERROR_BYTES,
  Op,
  RECORD_ALIGN,
  RING_BYTES,
  recordBytes,
  Slot,
  STAMP_AT,
  State,
  type SpoolThreadData,
} from './spool-ring.js';

export { RING_BYTES } from './spool-ring.js';

/** A write larger than this is queued in pieces, so that one never needs the whole ring. */
const PIECE_BYTES = 1024 * 1024;
/**
 * Records queued before the thread is woken: waking it (a futex call) for each was 0.33 s of
 * 100,000 small files' extraction, where the thread, faster than 7-Zip, slept between records.
 * WAKE_BYTES queued, or a wait of this thread's for the ring, wake it at once.
 */
const RECORDS_PER_WAKE = 32;
const WAKE_BYTES = 256 * 1024;
/** How long a thread that never starts (or a stalled one) is waited for before failing. */
const THREAD_PATIENCE_MS = 10_000;
const { STATE, USED, FAILED, ERROR_LENGTH } = Slot;
const utf8 = new TextEncoder();
const { NOT_STARTED, RUNNING, STOPPING, FINISHED } = State;

export interface SpoolWriter {
  /** Queues `bytes` (copied at once) for file `id` of the folder, at `position`. */
  write(id: number, position: number, bytes: Uint8Array): void;
  /**
   * Has file `id` be the file at `path`, not `id` in the writer's folder; queued before the
   * file's first write. Never opened through a link. `fresh`: made new, as a numbered file is
   * (it must not exist); else made if missing (another spool may have made it).
   */
  name(id: number, path: string, fresh?: boolean): void;
  /** Queues a cut of file `id` to `size`, after the writes queued before it. */
  truncate(id: number, size: number): void;
  /** Queues setting file `id`'s times (ms), as entry-stamp.ts `stampSpooledTimes` does, after its writes. */
  stamp(id: number, accessedMs: number, modifiedMs: number): void;
  /** Waits until every queued record is on disk; throws the thread's failure, if any. */
  drain(): void;
  /** Ends the thread and closes its files, dropping what is still queued. */
  stop(): void;
}

/**
 * Writes the disk spool's files on another thread: 7-Zip's thread only copies each write into a
 * shared ring and goes on decoding, where creating, writing and closing 303 files took it 30-35 ms
 * of the bench 7z's ~430 ms (ext4 on these VMs: a create costs 0.15-0.35 ms, and `perf` shows it
 * scanning past recently deleted inodes). Native 7-Zip pays all of it on its own thread.
 * The thread writes files `1`, `2`… (the ids given) in `dir`, which must be the caller's own, or
 * the path a file was named.
 */
export function spoolWriter(dir: string): SpoolWriter {
  const shared: SpoolThreadData = {
    dir,
    control: new SharedArrayBuffer(CONTROL_SLOTS * 4),
    ring: new SharedArrayBuffer(RING_BYTES),
    error: new SharedArrayBuffer(ERROR_BYTES),
  };
  const control = new Int32Array(shared.control);
  const ring = new Uint8Array(shared.ring);
  const view = new DataView(shared.ring);
  const errorText = new Uint8Array(shared.error);
  const worker = startModuleWorker('spool-writer-thread', { workerData: shared });
  worker.unref();
  // A thread that fails to start is noticed by the wait for room (it never takes a record).
  worker.on('error', () => undefined);
  let at = 0;
  let stopped = false;
  /** Records, and their bytes in the ring, queued since the thread was last woken. */
  let unannounced = 0;
  let unannouncedBytes = 0;
  const wake = (): void => {
    unannounced = 0;
    unannouncedBytes = 0;
    Atomics.notify(control, USED);
  };

  const throwIfFailed = (): void => {
    if (Atomics.load(control, FAILED) === 0) return;
    const report = new TextDecoder().decode(errorText.slice(0, Atomics.load(control, ERROR_LENGTH)));
    const { message, code } = JSON.parse(report) as { message: string; code?: string };
    throw Object.assign(new Error(message), { code });
  };
  /** Waits until at most `limit` bytes of the ring are in use, or the thread cannot take more. */
  const waitUntilUsed = (limit: number): void => {
    if (unannounced > 0 && Atomics.load(control, USED) > limit) wake();
    let waited = 0;
    for (let used = Atomics.load(control, USED); used > limit; used = Atomics.load(control, USED)) {
      const state = Atomics.load(control, STATE);
      if (state === FINISHED || waited >= THREAD_PATIENCE_MS) {
        throw new Error(`the spool's writer thread ${state === FINISHED ? 'stopped' : 'did not answer'}`);
      }
      if (Atomics.wait(control, USED, used, 100) === 'timed-out') waited += 100;
    }
  };
  /** Queues a record; `fill` sets the fields of a record that has more than these, before the thread may read it. */
  const queue = (op: number, id: number, position: number, bytes: Uint8Array | null, fill?: (start: number) => void): void => {
    if (stopped) throw new Error("the spool's writer thread was stopped");
    throwIfFailed();
    const size = bytes ? recordBytes(bytes.length) : RECORD_ALIGN;
    if (at + size > RING_BYTES) {
      // Not enough room before the end: a wrap marker fills it, and the record starts at 0. The
      // free bytes run from `at` on, so the end is free once no more than `at` bytes are in use.
      waitUntilUsed(at);
      view.setUint32(at, Op.WRAP, true);
      Atomics.add(control, USED, RING_BYTES - at);
      wake();
      at = 0;
    }
    waitUntilUsed(RING_BYTES - size);
    view.setUint32(at, op, true);
    view.setUint32(at + 4, id, true);
    view.setUint32(at + 8, bytes?.length ?? 0, true);
    view.setFloat64(at + 16, position, true);
    if (bytes) ring.set(bytes, at + RECORD_ALIGN);
    fill?.(at);
    at = (at + size) % RING_BYTES;
    Atomics.add(control, USED, size);
    unannounced += 1;
    unannouncedBytes += size;
    if (unannounced >= RECORDS_PER_WAKE || unannouncedBytes >= WAKE_BYTES) wake();
  };

  return {
    write(id, position, bytes) {
      for (let done = 0; done < bytes.length; done += PIECE_BYTES) {
        queue(Op.WRITE, id, position + done, bytes.subarray(done, done + PIECE_BYTES));
      }
    },
    name(id, path, fresh = false) {
      queue(Op.NAME, id, fresh ? 1 : 0, utf8.encode(path));
    },
    truncate(id, size) {
      queue(Op.TRUNCATE, id, size, null);
    },
    stamp(id, accessedMs, modifiedMs) {
      queue(Op.STAMP, id, 0, null, (start) => {
        view.setFloat64(start + STAMP_AT.ACCESSED, accessedMs, true);
        view.setFloat64(start + STAMP_AT.MODIFIED, modifiedMs, true);
      });
    },
    drain() {
      waitUntilUsed(0);
      throwIfFailed();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      // Not started yet: it never will. Running: it finishes the call in flight and closes its files.
      Atomics.compareExchange(control, STATE, NOT_STARTED, FINISHED);
      if (Atomics.compareExchange(control, STATE, RUNNING, STOPPING) === RUNNING) {
        Atomics.notify(control, USED);
        Atomics.wait(control, STATE, STOPPING, THREAD_PATIENCE_MS);
      }
      void worker.terminate();
    },
  };
}
