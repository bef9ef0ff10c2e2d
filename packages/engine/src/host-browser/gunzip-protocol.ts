/**
 * Messages between the engine's worker and the worker it hands a .tar.gz's gzip decoding to
 * (gunzip-offload.ts, gunzip-worker.ts).
 */

/** Engine worker → gunzip worker. */
export type GunzipRequest =
  /** Decode this file; up to `batches` batches may be sent before more are asked for. */
  | { op: 'start'; file: File; batches: number }
  /** One more batch may be sent. */
  | { op: 'more' };

/** Gunzip worker → engine worker. */
export type GunzipMessage =
  /** Decoded bytes in order: the decoder's own chunks, their buffers moved, not copied. */
  | { type: 'chunks'; chunks: Uint8Array[] }
  | { type: 'end' }
  /** The decoding failed: `kind` as gzip-reader's GzipFailure says it. */
  | { type: 'failed'; kind: 'truncated' | 'corrupt'; message: string };

/** Decoded bytes gathered into one message: fewer messages, each still far below the store's batch. */
export const GUNZIP_BATCH_BYTES = 1 << 20;
/** Batches the gunzip worker may decode ahead of what the engine has taken. */
export const GUNZIP_BATCHES_AHEAD = 4;
