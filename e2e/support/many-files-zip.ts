import { zipSync } from 'fflate';

/** A file's name by its number: `file-01234.txt`, so names sort as numbers do. */
export const manyFileName = (index: number) => `file-${String(index).padStart(5, '0')}.txt`;

/** `d7/s3/file-01234.txt`: 10 folders of 10 subfolders (110 folders), so the tree has something to open. */
export function manyFilePath(index: number): string {
  return `d${index % 10}/s${Math.floor(index / 10) % 10}/${manyFileName(index)}`;
}

/** Folders that a zip of at least 100 such files holds. */
export const MANY_FILES_FOLDERS = 110;

/** A stored (uncompressed) zip of `count` files of a few bytes each, made at run time. */
export function makeManyFilesZip(count: number): Uint8Array {
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  const encoder = new TextEncoder();
  for (let index = 0; index < count; index += 1) entries[manyFilePath(index)] = [encoder.encode(`${index}\n`), { level: 0 }];
  return zipSync(entries);
}
