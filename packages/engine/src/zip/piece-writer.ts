import type { OutputSink } from '../core/output-sink.js';
import { SinkFailure } from './zip-streams.js';

/** Where an entry the engine streams itself is written, and what counts its bytes (limits, progress). */
export interface EntryTarget {
  sink: OutputSink;
  path: string;
  onBytes: (count: number) => void;
}

/**
 * Writes the pieces `next` gives (null: the end) into the sink as one file's stream. A failure of
 * `next` (the archive's data, the limits) fails the stream, and is what this throws, whatever the
 * sink then makes of it; a failure of the sink's own is a SinkFailure. `stop` ends the producer
 * when the sink stops reading early.
 */
export async function writePieces(
  sink: OutputSink,
  path: string,
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
    await sink.writeFile(path, stream);
  } catch (error) {
    if (ours.failed) throw ours.failure;
    await stop(error).catch(() => undefined);
    throw new SinkFailure(error);
  }
  // A sink that stopped reading without failing still leaves the entry unfinished.
  if (ours.failed) throw ours.failure;
}
