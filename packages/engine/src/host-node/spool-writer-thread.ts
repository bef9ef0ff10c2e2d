import { closeSync, constants, ftruncateSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { stampSpooledTimes } from './entry-stamp.js';
import {
  MESSAGE_MAX_CHARS,
  Op,
  RING_BYTES,
  RECORD_ALIGN,
  recordBytes,
  Slot,
  STAMP_AT,
  State,
  type SpoolThreadData,
} from './spool-ring.js';

// The disk spool's writer thread (see spool-writer.ts): takes records from the shared ring in
// order and applies them to files `1`, `2`… of its folder. A file is created on its first record
// ('wx': never through something put in its place) and kept open, a few at a time. A file named
// with a path of its own (Op.NAME) is opened there: made if missing where another spool's thread
// writes other parts of it (disk-spool.ts `place`), made new like a numbered one where it is
// written where it ends up (`inPlace`); never through a link either. The first
// failing call ends the writing: it is reported in the shared error slots and every later record
// is dropped, so that 7-Zip's thread never waits for room.

const data = workerData as SpoolThreadData;
const control = new Int32Array(data.control);
const ring = new Uint8Array(data.ring);
const view = new DataView(data.ring);
const errorText = new Uint8Array(data.error);
/** Files kept open at once; 7-Zip writes one file at a time. */
const OPEN_MAX = 16;
/** Open descriptors by file id, least recently used first (a Map keeps insertion order). */
const fds = new Map<number, number>();
/** The highest id created so far: a lower one exists already and is reopened, not created. */
let newest = 0;
/** Files given a path of their own, by id, and whether each is made new there (Op.NAME). */
const named = new Map<number, { path: string; fresh: boolean }>();
const NAMED_FLAGS = constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW;

function fdOf(id: number): number {
  const known = fds.get(id);
  if (known !== undefined) {
    fds.delete(id);
    fds.set(id, known);
    return known;
  }
  if (fds.size >= OPEN_MAX) {
    const [oldest, fd] = fds.entries().next().value as [number, number];
    fds.delete(oldest);
    closeSync(fd);
  }
  const own = named.get(id);
  const path = own?.path ?? join(data.dir, String(id));
  const fd =
    own && !own.fresh
      ? openSync(path, NAMED_FLAGS)
      : id > newest
        ? openSync(path, 'wx')
        : openSync(path, constants.O_RDWR | constants.O_NOFOLLOW);
  newest = Math.max(newest, id);
  fds.set(id, fd);
  return fd;
}

function closeAll(): void {
  for (const fd of fds.values()) closeSync(fd);
  fds.clear();
}

function reportFailure(error: unknown): void {
  const { message, code } = error as NodeJS.ErrnoException;
  const report = new TextEncoder().encode(JSON.stringify({ message: String(message).slice(0, MESSAGE_MAX_CHARS), code }));
  errorText.set(report);
  Atomics.store(control, Slot.ERROR_LENGTH, report.length);
  Atomics.store(control, Slot.FAILED, 1);
}

/** Applies one record; returns the bytes it takes in the ring. */
function apply(at: number, failed: boolean): number {
  const op = view.getUint32(at, true);
  if (op === Op.WRAP) return RING_BYTES - at;
  const id = view.getUint32(at + 4, true);
  const length = view.getUint32(at + 8, true);
  const position = view.getFloat64(at + 16, true);
  if (op === Op.NAME) {
    const path = new TextDecoder().decode(ring.slice(at + RECORD_ALIGN, at + RECORD_ALIGN + length));
    named.set(id, { path, fresh: position === 1 });
  } else if (!failed) {
    const fd = fdOf(id);
    if (op === Op.TRUNCATE) ftruncateSync(fd, position);
    else if (op === Op.STAMP)
      stampSpooledTimes(fd, view.getFloat64(at + STAMP_AT.ACCESSED, true), view.getFloat64(at + STAMP_AT.MODIFIED, true));
    else for (let done = 0; done < length;) done += writeSync(fd, ring, at + RECORD_ALIGN + done, length - done, position + done);
  }
  return op === Op.WRITE || op === Op.NAME ? recordBytes(length) : RECORD_ALIGN;
}

function runLoop(): void {
  let at = 0;
  let failed = false;
  while (Atomics.load(control, Slot.STATE) === State.RUNNING) {
    if (Atomics.load(control, Slot.USED) === 0) {
      Atomics.wait(control, Slot.USED, 0, 1000);
      continue;
    }
    let size: number;
    try {
      size = apply(at, failed);
    } catch (error) {
      failed = true;
      reportFailure(error);
      size = apply(at, true);
    }
    at = (at + size) % RING_BYTES;
    Atomics.sub(control, Slot.USED, size);
    Atomics.notify(control, Slot.USED);
  }
}

// A writer stopped before this thread started finds FINISHED and does nothing.
if (Atomics.compareExchange(control, Slot.STATE, State.NOT_STARTED, State.RUNNING) === State.NOT_STARTED) {
  try {
    runLoop();
  } finally {
    try {
      closeAll();
    } finally {
      Atomics.store(control, Slot.STATE, State.FINISHED);
      Atomics.notify(control, Slot.STATE);
    }
  }
}
