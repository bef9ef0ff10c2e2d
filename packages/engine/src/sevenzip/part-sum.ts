import { crc32Combine } from '../core/crc32-combine.js';
import { normalise } from './fs-guard.js';
import { asBytes, memfsFileOps } from './memfs-file-ops.js';
import type { SevenZipModule } from './sevenzip-module.js';

/** The CRC-32 of a file's first `bytes` bytes. */
export interface PartSum {
  crc: number;
  bytes: number;
}

/** A part's sum as it stands once written: null unless it covers the part's `size` bytes. */
export interface PartSummer {
  sumOf(size: number): PartSum | null;
}

/**
 * Sums the CRC-32 of the file 7-Zip writes at `path` (inside `dir`) as it writes it: one part of
 * a file cut in two (file-cut.ts, share-plan.ts), which 7-Zip cannot check, as the part has no
 * CRC-32 of its own. The host then checks the whole file from both parts' sums
 * (core/crc32-combine.ts) without reading either back. 7-Zip writes a file from its start to its
 * end; a write anywhere else drops the sum, and so does a sum that does not end at the file's
 * size (`sumOf`): the caller then reads the part back.
 *
 * Installed after the host's spool is attached (staging.ts): the spool takes the bytes of the
 * writes it keeps without passing them on, so this must see them first. And before the file
 * system is guarded (fs-guard.ts): finding MEMFS's operations makes a file.
 */
export function sumPartAsWritten(
  sz: SevenZipModule,
  dir: string,
  path: string,
  crc32: (bytes: Uint8Array) => number,
): PartSummer {
  let sum: PartSum | null = { crc: 0, bytes: 0 };
  const ops = memfsFileOps(sz, dir).stream_ops;
  const { write } = ops;
  ops.write = function (this: unknown, stream, data, offset, length, position, canOwn) {
    if (sum !== null && length > 0 && normalise((stream as unknown as { path?: string }).path ?? '') === path) {
      if (position === sum.bytes) {
        sum.crc = crc32Combine(sum.crc, crc32(asBytes(data).subarray(offset, offset + length)), length);
        sum.bytes += length;
      } else {
        sum = null;
      }
    }
    return write.call(this, stream, data, offset, length, position, canOwn);
  };
  return { sumOf: (size) => (sum !== null && sum.bytes === size ? { ...sum } : null) };
}
