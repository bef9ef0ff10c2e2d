import { closeSync, fstatSync, futimesSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { EngineError } from '../core/engine-error.js';

/** Read and written this much at a time: one buffer, whatever the file's size. */
const PIECE_BYTES = 8 * 1024 * 1024;

/**
 * Appends the file at `restPath` (the second 7-Zip instance's part of a file cut in two,
 * sevenzip/file-cut.ts) to the file at `target` (this instance's part, already in place), then
 * removes it. The target keeps the time it was given. Neither part's CRC-32 was known to 7-Zip:
 * the whole file's is computed here, the first part read back and the rest as it is copied, and
 * a file that differs from `crc` fails the extraction as a damaged archive would
 * (docs/decisions/052-sevenzip-cut-inside-a-file.md).
 */
export function appendPart(target: string, restPath: string, crc: number | null, name: string): void {
  const out = openSync(target, 'r+');
  try {
    const rest = openSync(restPath, 'r');
    try {
      const { atimeMs, mtimeMs, size } = fstatSync(out);
      const piece = Buffer.allocUnsafe(PIECE_BYTES);
      let sum = 0;
      if (crc !== null) {
        for (let at = 0; at < size;) {
          const read = readSync(out, piece, 0, Math.min(PIECE_BYTES, size - at), at);
          if (read === 0) throw new Error(`${target} ended before its size.`);
          sum = crc32(piece.subarray(0, read), sum);
          at += read;
        }
      }
      for (let at = size; ;) {
        const read = readSync(rest, piece, 0, PIECE_BYTES, null);
        if (read === 0) break;
        if (crc !== null) sum = crc32(piece.subarray(0, read), sum);
        for (let written = 0; written < read;) written += writeSync(out, piece, written, read - written, at + written);
        at += read;
      }
      // Set again as it was set (disk-spool.ts, from 7-Zip's whole ms): through seconds as a
      // double, what stat gives back differs from it in the last digits.
      futimesSync(out, Math.round(atimeMs) / 1000, Math.round(mtimeMs) / 1000);
      if (crc !== null && sum >>> 0 !== crc >>> 0) {
        throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'CRC-32 mismatch' });
      }
    } finally {
      closeSync(rest);
    }
  } finally {
    closeSync(out);
  }
  rmSync(restPath);
}
