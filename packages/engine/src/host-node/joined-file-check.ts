import { closeSync, fstatSync, futimesSync, openSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { crc32Combine } from '../core/crc32-combine.js';
import { EngineError } from '../core/engine-error.js';
import type { PartSum } from '../sevenzip/part-sum.js';

/** Read this much at a time: one buffer, whatever the file's size. */
const PIECE_BYTES = 8 * 1024 * 1024;

/**
 * Checks a file cut in two (sevenzip/file-cut.ts) whose parts two 7-Zip instances wrote into it
 * (disk-spool.ts `place`): it must hold `size` bytes and, when `crc` is known, have that CRC-32,
 * which neither instance knew (docs/decisions/052-sevenzip-cut-inside-a-file.md). A file that
 * differs fails the extraction as a damaged archive would. The CRC-32 comes from the parts' own
 * sums where both instances made one as they wrote (sevenzip/part-sum.ts; `sums`, first part
 * first), else from the file read back.
 */
export function checkJoinedFile(
  path: string,
  size: number,
  crc: number | null,
  name: string,
  sums: readonly [PartSum, PartSum] | null,
): void {
  const fd = openSync(path, 'r');
  try {
    const { atimeMs, mtimeMs, size: found } = fstatSync(fd);
    if (found !== size) throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'size mismatch' });
    if (crc === null) return;
    const [first, rest] = sums ?? [];
    let sum: number;
    if (first && rest && first.bytes + rest.bytes === size) {
      sum = crc32Combine(first.crc, rest.crc, rest.bytes);
    } else {
      sum = readBackCrc(fd, path, size);
      // Reading may move the access time (relatime): set again as it was set (disk-spool.ts, from
      // 7-Zip's whole ms; through seconds as a double, what stat gives back differs in the last digits).
      futimesSync(fd, Math.round(atimeMs) / 1000, Math.round(mtimeMs) / 1000);
    }
    if (sum >>> 0 !== crc >>> 0) throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'CRC-32 mismatch' });
  } finally {
    closeSync(fd);
  }
}

function readBackCrc(fd: number, path: string, size: number): number {
  const piece = Buffer.allocUnsafe(Math.min(PIECE_BYTES, Math.max(1, size)));
  let sum = 0;
  for (let at = 0; at < size;) {
    const read = readSync(fd, piece, 0, Math.min(piece.length, size - at), at);
    if (read === 0) throw new Error(`${path} ended before its size.`);
    sum = crc32(piece.subarray(0, read), sum);
    at += read;
  }
  return sum;
}
