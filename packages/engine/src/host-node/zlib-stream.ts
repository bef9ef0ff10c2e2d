import { createGunzip, createInflateRaw, type Gunzip, type InflateRaw } from 'node:zlib';
import type { InflateFormat } from '../core/native-codec.js';

/** zlib's largest output buffer: 16 KiB chunks (DecompressionStream's) cost a round trip each. */
const OUTPUT_CHUNK_BYTES = 1 << 20;
/** The smallest: an entry of a few KiB needs no more. */
const MIN_OUTPUT_CHUNK_BYTES = 64 * 1024;
/** Output buffer per byte of the first input: 32 KiB of it gets the largest. */
const OUTPUT_PER_INPUT = 32;
/** Input held until zlib is made, so that a header written alone (zip.js's gzip frame) does not size it. */
const SIZING_INPUT_BYTES = 32 * 1024;

/**
 * Node's streaming gunzip (concatenated members included) or raw inflate as a web
 * TransformStream, without the copy `Duplex.toWeb` makes of every chunk to detach it from Node's
 * buffer pool: zlib hands out each output buffer once and never writes into it again, so a view
 * is safe. That copy and the same one of the archive's own stream (see file-source.ts) cost ~15%
 * of a 50 MB tar.gz extraction in Node, most of it in garbage collection.
 *
 * zlib is made once 32 KiB of input came (or the input ended), with an output buffer sized by
 * it (64 KiB to 1 MiB): zlib allocates that buffer whole, and zip.js makes a stream for each entry
 * it decodes, some never written to. With 1 MiB each, 10,000 small AES entries took 42-44 s
 * against 30-32 s.
 *
 * Back-pressure is kept: zlib is paused while the reader has a chunk's worth waiting. When
 * decoding fails, the failing write's output is dropped, as with `Duplex.toWeb` (zlib reports
 * it only with the error); the gzip reader relies on that.
 */
export function zlibStream(format: InflateFormat): TransformStream<Uint8Array, Uint8Array> {
  let inflater: Gunzip | InflateRaw | null = null;
  // Input before zlib is made, written to it first.
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  // zlib does not call back a write it failed on: the error settles whatever is waiting.
  let failure: Error | null = null;
  const waiting = new Set<(error: Error) => void>();
  const failAll = (error: Error) => {
    failure ??= error;
    for (const reject of waiting) reject(error);
    waiting.clear();
  };
  let output!: ReadableStreamDefaultController<Uint8Array>;
  /** zlib, made for the input held and `more` about to come, with what was held written to it. */
  const open = (more: number): Gunzip | InflateRaw => {
    if (inflater) return inflater;
    const firstInput = heldBytes + more;
    const chunkSize = Math.min(OUTPUT_CHUNK_BYTES, Math.max(MIN_OUTPUT_CHUNK_BYTES, firstInput * OUTPUT_PER_INPUT));
    const made = format === 'gzip' ? createGunzip({ chunkSize }) : createInflateRaw({ chunkSize });
    made.on('error', (error) => {
      failAll(error);
      output.error(error);
    });
    made.on('data', (chunk: Buffer) => {
      output.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((output.desiredSize ?? 0) <= 0) made.pause();
    });
    made.once('end', () => output.close());
    inflater = made;
    for (const piece of held.splice(0)) made.write(piece);
    return made;
  };
  // Nor one it was destroyed during: a write waiting for its output to be read must not hang.
  // An aborted input fails the output with its reason, as DecompressionStream does: zip.js
  // aborts an entry whose AES authentication failed and awaits the output, which destroy()
  // alone never ends (Node then exited with 13, an unsettled await).
  const stop = (reason?: unknown) => {
    inflater?.destroy();
    const error = reason instanceof Error ? reason : new Error('inflating stopped');
    failAll(error);
    output.error(error);
  };
  const settle = (start: (done: (error?: Error | null) => void) => void) =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      const fail = (error: Error) => reject(error);
      waiting.add(fail);
      start((error) => {
        waiting.delete(fail);
        if (error) reject(error);
        else resolve();
      });
    });
  const readable = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        output = controller;
      },
      pull() {
        inflater?.resume();
      },
      cancel: () => stop(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: OUTPUT_CHUNK_BYTES }),
  );
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      if (failure) return Promise.reject(failure);
      if (!inflater && heldBytes + chunk.length < SIZING_INPUT_BYTES) {
        held.push(chunk);
        heldBytes += chunk.length;
        return Promise.resolve();
      }
      const zlib = open(chunk.length);
      return settle((done) => zlib.write(chunk, done));
    },
    close() {
      if (failure) return Promise.reject(failure);
      const zlib = open(0);
      return settle((done) => zlib.end(() => done()));
    },
    abort: (reason: unknown) => stop(reason),
  });
  return { readable, writable };
}
