import type { SevenZipModule } from '7z-wasm';
import { memfsFileOps } from './memfs-file-ops.js';

/** Past this, a file's buffer grows by this much at a time instead of doubling. */
const GROWTH_STEP_MAX = 64 * 1024 * 1024;

/**
 * Makes the in-memory file system grow a file's buffer by doubling (up to 64 MiB a step) instead
 * of Emscripten's 12.5% past 1 MiB. 7-Zip writes each file in pieces, and every growth copies the
 * whole file so far: a 200 MB file was copied some 1.6 GB over. In a Chromium worker, a 7z holding
 * one 200 MB file took 1.1-1.8 s instead of 2.3-2.6 s (runs alternated). Most of 7-Zip's output
 * now bypasses MEMFS (blob-spool.ts); this still serves the files the spool gives back to it.
 */
export function growMemfsFilesByDoubling(sz: SevenZipModule, dir: string): void {
  const ops = memfsFileOps(sz, dir).stream_ops;
  const write = ops.write;
  ops.write = function (this: unknown, target, buffer, offset, length, position, canOwn) {
    const node = target.node;
    const capacity = node.contents?.length ?? 0;
    const needed = position + length;
    // An empty file's first write is left to MEMFS (it may take the bytes over without a copy).
    if (node.contents && capacity > 0 && needed > capacity) {
      const grown = new Uint8Array(Math.max(needed, Math.min(capacity * 2, capacity + GROWTH_STEP_MAX)));
      grown.set(node.contents.subarray(0, node.usedBytes));
      node.contents = grown;
    }
    return write.call(this, target, buffer, offset, length, position, canOwn);
  };
}
