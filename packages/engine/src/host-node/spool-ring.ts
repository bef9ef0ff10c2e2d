// The layout shared by the disk spool's writer (spool-writer.ts, 7-Zip's thread) and the thread
// that writes the files (spool-writer-thread.ts): one ring of records in a SharedArrayBuffer and
// a few Int32 control slots beside it.

/** The queue between 7-Zip's thread and the writer: large enough to cover the thread's start. */
export const RING_BYTES = 8 * 1024 * 1024;
/** Every record starts on a multiple of this, so a wrap marker always fits before the end. */
export const RECORD_ALIGN = 32;
/**
 * The thread's failure as JSON. Its message is cut to MESSAGE_MAX_CHARS (it may quote a path of
 * 4 KiB): even escaped as \uXXXX throughout, that fits.
 */
export const ERROR_BYTES = 16 * 1024;
export const MESSAGE_MAX_CHARS = 2000;

/** Int32 control slots. */
export const Slot = {
  STATE: 0,
  /** Bytes of the ring holding records not yet done. */
  USED: 1,
  FAILED: 2,
  ERROR_LENGTH: 3,
} as const;
export const CONTROL_SLOTS = 4;

export const State = {
  NOT_STARTED: 0,
  RUNNING: 1,
  STOPPING: 2,
  FINISHED: 3,
} as const;

/**
 * Record operations, the first Uint32 of a record. A record is [op, id, length, 0, position as
 * float64, …] up to RECORD_ALIGN bytes, then (WRITE, NAME) `length` bytes padded to RECORD_ALIGN.
 * WRAP fills the rest of the ring; the next record starts at 0. NAME gives file `id` a path of
 * its own (UTF-8), instead of `id` in the thread's folder: a file another spool writes too
 * (position 0), or one made new where it ends up (position 1). STAMP gives file `id` the times
 * 7-Zip set on it (STAMP_AT), in a record of its own.
 */
export const Op = {
  WRITE: 1,
  TRUNCATE: 2,
  WRAP: 3,
  NAME: 4,
  STAMP: 5,
} as const;

/** Where a STAMP record holds the access and the modification time (ms, float64). */
export const STAMP_AT = { ACCESSED: 16, MODIFIED: 24 } as const;

/** The bytes a record takes in the ring. */
export const recordBytes = (payload: number): number => RECORD_ALIGN + Math.ceil(payload / RECORD_ALIGN) * RECORD_ALIGN;

/** What the thread is started with. */
export interface SpoolThreadData {
  /** The folder the numbered files are made in. */
  dir: string;
  control: SharedArrayBuffer;
  ring: SharedArrayBuffer;
  error: SharedArrayBuffer;
}
