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

/**
 * The engine side's count of the batches the gunzip worker may still send. Its stream asks for
 * more after every chunk it queues while below its mark; asking the worker each time sent one
 * message a 64 KiB chunk (22,885 for the scale bench's 1.2 GB .tar.gz, in a Chrome trace of the
 * page), each a task in the worker that decodes. Now one request for each batch received, and
 * never more than `ahead` batches asked for and not yet received
 * (docs/decisions/040-speed-floors.md).
 */
export function batchCredit(ahead = GUNZIP_BATCHES_AHEAD): { received(): void; askMore(): boolean } {
  // The start request allows `ahead` batches.
  let owed = ahead;
  return {
    received() {
      owed = Math.max(0, owed - 1);
    },
    askMore() {
      if (owed >= ahead) return false;
      owed += 1;
      return true;
    },
  };
}
