import { createGunzip } from 'node:zlib';

/** zlib's output buffer size: 16 KiB chunks (DecompressionStream's) cost a round trip each. */
const OUTPUT_CHUNK_BYTES = 1 << 20;

/**
 * Node's streaming gunzip (concatenated members included) as a web TransformStream, without
 * the copy `Duplex.toWeb` makes of every chunk to detach it from Node's buffer pool: zlib hands
 * out each output buffer once and never writes into it again, so a view is safe. That copy and
 * the same one of the archive's own stream (see file-source.ts) cost ~15% of a 50 MB tar.gz
 * extraction in Node, most of it in garbage collection.
 *
 * Back-pressure is kept: zlib is paused while the reader has a chunk's worth waiting. When
 * decoding fails, the failing write's output is dropped, as with `Duplex.toWeb` (zlib reports
 * it only with the error); the gzip reader relies on that.
 */
export function gunzipStream(): TransformStream<Uint8Array, Uint8Array> {
  const inflater = createGunzip({ chunkSize: OUTPUT_CHUNK_BYTES });
  // zlib does not call back a write it failed on: the error settles whatever is waiting.
  let failure: Error | null = null;
  const waiting = new Set<(error: Error) => void>();
  const failAll = (error: Error) => {
    failure ??= error;
    for (const reject of waiting) reject(error);
    waiting.clear();
  };
  inflater.on('error', failAll);
  // Nor one it was destroyed during: a write waiting for its output to be read must not hang.
  const stop = () => {
    inflater.destroy();
    failAll(new Error('gunzip stopped'));
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
        inflater.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) inflater.pause();
        });
        inflater.once('end', () => controller.close());
        inflater.once('error', (error) => controller.error(error));
      },
      pull() {
        inflater.resume();
      },
      cancel: stop,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: OUTPUT_CHUNK_BYTES }),
  );
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      return settle((done) => inflater.write(chunk, done));
    },
    close() {
      return settle((done) => inflater.end(() => done()));
    },
    abort: stop,
  });
  return { readable, writable };
}
