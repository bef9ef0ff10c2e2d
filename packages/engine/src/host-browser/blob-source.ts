import type { ArchiveSource } from '../core/types.js';

/** A user's File read lazily by slices: a 2 GB archive is never copied into memory whole. */
export function blobSource(file: File): ArchiveSource & { file: File } {
  return {
    file,
    name: file.name,
    size: file.size,
    async read(offset, length) {
      return new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
    },
    stream() {
      return file.stream();
    },
  };
}
