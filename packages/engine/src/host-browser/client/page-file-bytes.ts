import { sliceToBlob, type FileSlice } from '../worker-protocol.js';

/** A file's bytes in the form that reads them cheapest: what a ZIP writer or a hash takes as it is. */
export type FileContents = Blob | Uint8Array<ArrayBuffer> | AsyncIterable<Uint8Array>;

export interface PageFileBytes {
  /** The file's own Blob, made the first time it is asked for and the same object afterwards. */
  blob: () => Blob;
  /** The bytes without making a Blob when none was made yet (held bytes as they are). */
  contents: () => FileContents;
}

/**
 * A file's bytes as the page holds them. Its own Blob is made the first time it is asked for: cut
 * out of the batch or the output store the worker put it in (a round trip to the browser
 * process, ~1 ms: made for every file up front, a 300-file archive spent ~250 ms before showing
 * anything), or made of the bytes the worker handed over (a copy), which are let go then. Most
 * files are never previewed or downloaded one by one; a ZIP of many reads `contents` instead,
 * which uses held bytes as they are (making a Blob of each and reading it back cost ~0.25 s for
 * 300 files of ~100 KB in Chromium, half on the main thread).
 */
export function pageFileBytes(slice: FileSlice): PageFileBytes {
  let source: FileSlice | null = slice;
  let blob: Blob | null = null;
  const toBlob = (): Blob => {
    if (!blob) {
      blob = sliceToBlob(source as FileSlice);
      source = null;
    }
    return blob;
  };
  return {
    blob: toBlob,
    contents() {
      if (!source || !('parts' in source)) return toBlob();
      const { parts } = source;
      const [only] = parts;
      if (parts.length === 1 && only) return only;
      return (async function* () {
        yield* parts;
      })();
    },
  };
}
