import type { SevenZipModule } from '../sevenzip/sevenzip-module.js';

/** Bytes that differ all the way through, from a seed. */
export const pattern = (length: number, seed: number): Uint8Array => new Uint8Array(length).map((_, i) => (i * 7 + seed) % 251);

/** Writes `data` to a new file of a 7-Zip instance in the given piece sizes, as 7-Zip's writes come. */
export function writeInPieces(sz: SevenZipModule, path: string, data: Uint8Array, pieces: number[]): void {
  const stream = sz.FS.open(path, 'w');
  let at = 0;
  for (const size of pieces) {
    sz.FS.write(stream, data, at, size);
    at += size;
  }
  sz.FS.close(stream);
}

/** What MEMFS itself holds of a file (null when a spool took its bytes). */
export const memfsContents = (sz: SevenZipModule, path: string): Uint8Array | null =>
  (sz.FS.lookupPath(path).node as unknown as { contents: Uint8Array | null }).contents;
