import { Worker } from 'node:worker_threads';

/** The queue between 7-Zip's thread and the writer: large enough to cover the thread's start. */
export const RING_BYTES = 8 * 1024 * 1024;
/** A write larger than this is queued in pieces, so that one never needs the whole ring. */
const PIECE_BYTES = 1024 * 1024;
/** Every record starts on a multiple of this, so a wrap marker always fits before the end. */
const RECORD_ALIGN = 32;
/**
 * The thread's failure as JSON. Its message is cut to MESSAGE_MAX_CHARS (it may quote a path of
 * 4 KiB): even escaped as \uXXXX throughout, that fits.
 */
const ERROR_BYTES = 16 * 1024;
const MESSAGE_MAX_CHARS = 2000;
/** How long a thread that never starts (or a stalled one) is waited for before failing. */
const THREAD_PATIENCE_MS = 10_000;

// Int32 slots shared with the thread.
const STATE = 0;
/** Bytes of the ring holding records not yet done. */
const USED = 1;
const FAILED = 2;
const ERROR_LENGTH = 3;
const NOT_STARTED = 0;
const RUNNING = 1;
const STOPPING = 2;
const FINISHED = 3;

// Record operations (the first Uint32 of a record).
const WRITE = 1;
const TRUNCATE = 2;
const WRAP = 3;

/**
 * The thread, as CommonJS source: an eval'd worker starts the same way from the compiled
 * package, from the TypeScript sources under test and from a bundle. Records are
 * [op, id, length, 0, position as float64, …] then the bytes; file `id` is created in the
 * folder on its first record ('wx': never through something put in its place) and kept open,
 * a few at a time. The first failing call ends the writing: it is reported in the shared error
 * slots and every later record is dropped, so that 7-Zip's thread never waits for room.
 */
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const { closeSync, constants, ftruncateSync, openSync, writeSync } = require('node:fs');
const { join } = require('node:path');
const control = new Int32Array(workerData.control);
const ring = new Uint8Array(workerData.ring);
const view = new DataView(workerData.ring);
const errorText = new Uint8Array(workerData.error);
const OPEN_MAX = 16;
const fds = new Map();
let newest = 0;
const fdOf = (id) => {
  const known = fds.get(id);
  if (known !== undefined) {
    fds.delete(id);
    fds.set(id, known);
    return known;
  }
  if (fds.size >= OPEN_MAX) {
    const [oldest, fd] = fds.entries().next().value;
    fds.delete(oldest);
    closeSync(fd);
  }
  const path = join(workerData.dir, String(id));
  const fd = id > newest ? openSync(path, 'wx') : openSync(path, constants.O_RDWR | constants.O_NOFOLLOW);
  newest = Math.max(newest, id);
  fds.set(id, fd);
  return fd;
};
const closeAll = () => {
  for (const fd of fds.values()) closeSync(fd);
  fds.clear();
};
if (Atomics.compareExchange(control, ${STATE}, ${NOT_STARTED}, ${RUNNING}) === ${NOT_STARTED}) {
  try {
    let at = 0;
    let failed = false;
    while (Atomics.load(control, ${STATE}) === ${RUNNING}) {
      if (Atomics.load(control, ${USED}) === 0) {
        Atomics.wait(control, ${USED}, 0, 1000);
        continue;
      }
      const op = view.getUint32(at, true);
      const id = view.getUint32(at + 4, true);
      const length = view.getUint32(at + 8, true);
      const position = view.getFloat64(at + 16, true);
      let size = ${RECORD_ALIGN};
      if (op === ${WRAP}) size = ${RING_BYTES} - at;
      else if (op === ${WRITE}) size += Math.ceil(length / ${RECORD_ALIGN}) * ${RECORD_ALIGN};
      if (!failed && op !== ${WRAP}) {
        try {
          const fd = fdOf(id);
          if (op === ${TRUNCATE}) ftruncateSync(fd, position);
          else for (let done = 0; done < length; ) done += writeSync(fd, ring, at + ${RECORD_ALIGN} + done, length - done, position + done);
        } catch (error) {
          failed = true;
          const message = String(error && error.message).slice(0, ${MESSAGE_MAX_CHARS});
          const report = new TextEncoder().encode(JSON.stringify({ message, code: error && error.code }));
          errorText.set(report);
          Atomics.store(control, ${ERROR_LENGTH}, report.length);
          Atomics.store(control, ${FAILED}, 1);
        }
      }
      at = (at + size) % ${RING_BYTES};
      Atomics.sub(control, ${USED}, size);
      Atomics.notify(control, ${USED});
    }
  } finally {
    try {
      closeAll();
    } finally {
      Atomics.store(control, ${STATE}, ${FINISHED});
      Atomics.notify(control, ${STATE});
    }
  }
}
`;

export interface SpoolWriter {
  /** Queues `bytes` (copied at once) for file `id` of the folder, at `position`. */
  write(id: number, position: number, bytes: Uint8Array): void;
  /** Queues a cut of file `id` to `size`, after the writes queued before it. */
  truncate(id: number, size: number): void;
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
 * The thread writes files `1`, `2`… (the ids given) in `dir`, which must be the caller's own.
 */
export function spoolWriter(dir: string): SpoolWriter {
  const control = new Int32Array(new SharedArrayBuffer(4 * 4));
  const ringBuffer = new SharedArrayBuffer(RING_BYTES);
  const ring = new Uint8Array(ringBuffer);
  const view = new DataView(ringBuffer);
  const errorText = new Uint8Array(new SharedArrayBuffer(ERROR_BYTES));
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { dir, control: control.buffer, ring: ringBuffer, error: errorText.buffer },
  });
  worker.unref();
  // A thread that fails to start is noticed by the wait for room (it never takes a record).
  worker.on('error', () => undefined);
  let at = 0;
  let stopped = false;

  const throwIfFailed = (): void => {
    if (Atomics.load(control, FAILED) === 0) return;
    const report = new TextDecoder().decode(errorText.slice(0, Atomics.load(control, ERROR_LENGTH)));
    const { message, code } = JSON.parse(report) as { message: string; code?: string };
    throw Object.assign(new Error(message), { code });
  };
  /** Waits until at most `limit` bytes of the ring are in use, or the thread cannot take more. */
  const waitUntilUsed = (limit: number): void => {
    let waited = 0;
    for (let used = Atomics.load(control, USED); used > limit; used = Atomics.load(control, USED)) {
      const state = Atomics.load(control, STATE);
      if (state === FINISHED || waited >= THREAD_PATIENCE_MS) {
        throw new Error(`the spool's writer thread ${state === FINISHED ? 'stopped' : 'did not answer'}`);
      }
      if (Atomics.wait(control, USED, used, 100) === 'timed-out') waited += 100;
    }
  };
  const queue = (op: number, id: number, position: number, bytes: Uint8Array | null): void => {
    if (stopped) throw new Error("the spool's writer thread was stopped");
    throwIfFailed();
    const size = RECORD_ALIGN + (bytes ? Math.ceil(bytes.length / RECORD_ALIGN) * RECORD_ALIGN : 0);
    if (at + size > RING_BYTES) {
      // Not enough room before the end: a wrap marker fills it, and the record starts at 0. The
      // free bytes run from `at` on, so the end is free once no more than `at` bytes are in use.
      waitUntilUsed(at);
      view.setUint32(at, WRAP, true);
      Atomics.add(control, USED, RING_BYTES - at);
      Atomics.notify(control, USED);
      at = 0;
    }
    waitUntilUsed(RING_BYTES - size);
    view.setUint32(at, op, true);
    view.setUint32(at + 4, id, true);
    view.setUint32(at + 8, bytes?.length ?? 0, true);
    view.setFloat64(at + 16, position, true);
    if (bytes) ring.set(bytes, at + RECORD_ALIGN);
    at = (at + size) % RING_BYTES;
    Atomics.add(control, USED, size);
    Atomics.notify(control, USED);
  };

  return {
    write(id, position, bytes) {
      for (let done = 0; done < bytes.length; done += PIECE_BYTES) {
        queue(WRITE, id, position + done, bytes.subarray(done, done + PIECE_BYTES));
      }
    },
    truncate(id, size) {
      queue(TRUNCATE, id, size, null);
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
