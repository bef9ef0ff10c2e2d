import {
  ERR_ENCRYPTED,
  ERR_INVALID_AUTHENTICATION_CODE,
  ERR_INVALID_COMPRESSED_DATA,
  ERR_INVALID_CRC32,
  ERR_INVALID_PASSWORD,
  ERR_INVALID_UNCOMPRESSED_SIZE,
  type EntryGetDataOptions,
  type FileEntry,
} from '@zip.js/zip.js';
import { EngineError } from '../core/engine-error.js';
import type { EntryTarget } from './piece-writer.js';
import type { ZipItem } from './zip-archive.js';

/** A link target is a path: anything longer than this is not one (PATH_MAX is 4096). */
export const MAX_LINK_TARGET_BYTES = 4096;

/** Wraps a failure of the host's sink, so it is not mistaken for a problem of the archive. */
export class SinkFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'SinkFailure';
  }
}

/**
 * Streams one entry into the sink: zip.js writes the decoded bytes into a counting
 * TransformStream whose readable side the sink consumes. Every chunk goes through `onBytes`
 * (limits and progress) before the sink sees it; if it throws, both sides stop at once.
 * Returns the number of bytes written.
 */
export async function pipeEntry(
  entry: FileEntry,
  { sink, path, stamp, onBytes }: EntryTarget,
  options: EntryGetDataOptions,
): Promise<number> {
  let written = 0;
  let controller: TransformStreamDefaultController<Uint8Array> | undefined;
  // Set as soon as the stream fails from our side (zip.js, the limits): a sink that fails after
  // that only reports our failure; a sink that fails before it has a problem of its own.
  let streamFailed = false;
  let sinkFailedFirst = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    start(c) {
      controller = c;
    },
    transform(chunk, c) {
      try {
        onBytes(chunk.length);
      } catch (error) {
        streamFailed = true;
        throw error;
      }
      written += chunk.length;
      c.enqueue(chunk);
    },
  });
  const stop = (error: unknown): void => {
    try {
      controller?.error(error);
    } catch {
      // already closed or errored
    }
  };
  // zip.js writes into this front, which forwards to the counter and notices when zip.js aborts.
  const writer = counter.writable.getWriter();
  const front = new WritableStream<Uint8Array>({
    write: (chunk) => writer.write(chunk),
    close: () => writer.close(),
    abort: async (reason: unknown) => {
      streamFailed = true;
      await writer.abort(reason).catch(() => undefined);
    },
  });
  const writing = Promise.resolve()
    .then(() => sink.writeFile(path, counter.readable, stamp))
    .catch((error: unknown) => {
      if (!streamFailed) sinkFailedFirst = true;
      stop(error);
      throw error;
    });
  // zip.js may fail before it touches the writable at all: the sink would then wait forever.
  const reading = Promise.resolve()
    .then(() => entry.getData(front, options))
    .catch((error: unknown) => {
      streamFailed = true;
      stop(error);
      throw error;
    });
  const [read, write] = await Promise.allSettled([reading, writing]);
  if (sinkFailedFirst && write.status === 'rejected') throw new SinkFailure(write.reason);
  if (read.status === 'rejected') throw read.reason;
  if (write.status === 'rejected') throw new SinkFailure(write.reason);
  return written;
}

/** Reads a symbolic link's target (the entry's content) into memory; `null` when it is too long. */
export async function readLinkTarget(entry: FileEntry, options: EntryGetDataOptions): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooLong = false;
  const collector = new WritableStream<Uint8Array>({
    write(chunk) {
      total += chunk.length;
      if (total > MAX_LINK_TARGET_BYTES) {
        tooLong = true;
        throw new Error('The link target is too long.');
      }
      chunks.push(chunk.slice());
    },
  });
  try {
    await entry.getData(collector, options);
  } catch (error) {
    if (tooLong) return null;
    throw error;
  }
  const target = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    target.set(chunk, offset);
    offset += chunk.length;
  }
  return target;
}

const PASSWORD_ERRORS = new Set([ERR_INVALID_PASSWORD, ERR_INVALID_AUTHENTICATION_CODE, ERR_ENCRYPTED]);
const DATA_ERRORS = new Set([ERR_INVALID_CRC32, ERR_INVALID_COMPRESSED_DATA, ERR_INVALID_UNCOMPRESSED_SIZE]);

/**
 * Maps a zip.js failure on an entry to the engine's code, or `null` when 7-Zip should retry.
 * In an encrypted entry, damaged data almost always means a wrong password that passed the
 * 1-byte (ZipCrypto) or 2-byte (AES) check, so it is reported as one.
 */
export function classifyFailure(error: unknown, item: ZipItem): EngineError | null {
  const message = error instanceof Error ? error.message : '';
  const details = { entry: item.name, cause: message };
  if (item.central.encrypted && (PASSWORD_ERRORS.has(message) || DATA_ERRORS.has(message))) {
    return new EngineError('WRONG_PASSWORD', undefined, details);
  }
  if (DATA_ERRORS.has(message)) {
    return new EngineError('CORRUPT_ARCHIVE', undefined, details);
  }
  return null;
}
