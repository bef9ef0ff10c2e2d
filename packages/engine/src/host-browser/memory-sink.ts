import type { SevenZipModule } from '7z-wasm';
import type { OutputSink } from '../core/output-sink.js';

const STAGING = '/out';

/**
 * Keeps extracted files as Blobs (the browser may page large ones to disk). Files 7-Zip writes
 * into its in-memory file system are turned into Blobs and unlinked one by one, so each file's
 * bytes live in WASM-side memory only until it is adopted.
 */
export function memorySink(): OutputSink & { readonly files: Map<string, Blob> } {
  const files = new Map<string, Blob>();
  return {
    files,
    async writeFile(path, data) {
      const chunks: Uint8Array[] = [];
      const reader = data.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
      files.set(path, new Blob(chunks as BlobPart[]));
    },
    async writeBytes(path, data) {
      files.set(path, new Blob([data as BlobPart]));
    },
    async copyFile(from, to) {
      // Blobs are immutable: the copy shares the bytes.
      const data = files.get(from);
      if (data) files.set(to, data);
    },
    async makeDirectory() {
      // Directories exist implicitly in the path of each file; the entry list carries empty ones.
    },
    mountStaging(sz: SevenZipModule) {
      // Always in memory here: the in-memory file system is all a browser worker has.
      sz.FS.mkdir(STAGING);
      return STAGING;
    },
    async adoptStaged(sz, stagedPath, finalPath) {
      files.set(finalPath, new Blob([sz.FS.readFile(stagedPath) as BlobPart]));
      sz.FS.unlink(stagedPath);
    },
    async clearStaging() {
      // The instance and its in-memory file system are discarded after each operation.
    },
    async discard() {
      files.clear();
    },
  };
}
