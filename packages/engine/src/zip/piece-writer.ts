import { EngineError } from '../core/engine-error.js';
import type { EntryStamp, OutputSink } from '../core/output-sink.js';
import { SinkFailure } from './zip-streams.js';

/** Where an entry the engine streams itself is written, and what counts its bytes (limits, progress). */
export interface EntryTarget {
  sink: OutputSink;
  path: string;
  /** The entry's time and mode, for the sink to keep. */
  stamp: EntryStamp;
  onBytes: (count: number) => void;
}

/**
 * Writes the pieces `next` gives (null: the end) into the sink as one file's stream. A failure of
 * `next` (the archive's data, the limits) fails the stream, and is what this throws, whatever the
 * sink then makes of it; a failure of the sink's own is a SinkFailure. `stop` ends the producer
 * when the sink stops reading early.
 */
export async function writePieces(
  { sink, path, stamp }: Pick<EntryTarget, 'sink' | 'path' | 'stamp'>,
  next: () => Promise<Uint8Array | null>,
  stop: (reason: unknown) => Promise<void>,
): Promise<void> {
  // A holder, not a variable: set inside the stream's callbacks, read after the sink returns.
  const ours = { failed: false, failure: undefined as unknown };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let piece: Uint8Array | null;
      try {
        piece = await next();
      } catch (error) {
        ours.failed = true;
        ours.failure = error;
        controller.error(error);
        await stop(error).catch(() => undefined);
        return;
      }
      if (piece === null) controller.close();
      else controller.enqueue(piece);
    },
    cancel: (reason: unknown) => stop(reason),
  });
  try {
    await sink.writeFile(path, stream, stamp);
  } catch (error) {
    if (ours.failed) throw ours.failure;
    await stop(error).catch(() => undefined);
    throw new SinkFailure(error);
  }
  // A sink that stopped reading without failing still leaves the entry unfinished.
  if (ours.failed) throw ours.failure;
}

/** What a decoded entry's stream is checked against beside its size (writeDecoded). */
export interface DecodedChecks {
  /** Maps what the decoder fails with to the archive's error; coded errors (the limits') pass as they are. */
  asError: (error: unknown) => EngineError;
  /** Sees each piece (a running CRC-32). */
  onPiece?: (piece: Uint8Array) => void;
  /** Checks what only the whole tells (that CRC-32), after the last piece; throws to fail the entry. */
  atEnd?: () => void;
}

/**
 * Writes what `reader` decodes as one entry that must come to exactly `size` bytes: an entry
 * whose data goes on past its declared size is stopped there, one that ends short fails at its
 * end. Counts each piece (limits, progress). Returns the bytes written.
 */
export async function writeDecoded(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  target: EntryTarget,
  size: number,
  name: string,
  { asError, onPiece, atEnd }: DecodedChecks,
): Promise<number> {
  let written = 0;
  const { onBytes } = target;
  await writePieces(
    target,
    async () => {
      try {
        const next = await reader.read();
        if (next.done) {
          if (written !== size) throw corruptEntry(name, 'size mismatch');
          atEnd?.();
          return null;
        }
        written += next.value.length;
        if (written > size) throw corruptEntry(name, 'inflates past its declared size');
        onPiece?.(next.value);
        onBytes(next.value.length);
        return next.value;
      } catch (error) {
        throw error instanceof EngineError ? error : asError(error);
      }
    },
    (reason) => reader.cancel(reason),
  );
  return written;
}

/** The entry `name`'s data is damaged. */
export function corruptEntry(name: string, problem: string): EngineError {
  return new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem });
}
