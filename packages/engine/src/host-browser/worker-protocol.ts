import type { ErrorShape, ExtractionLimits } from '@archive-opener/shared';
import type { ExtractResult, ListResult, Progress } from '../core/types.js';

/** The one definition of what crosses the Web Worker boundary, imported by both sides (`engine/browser/protocol`). */
export interface BrowserRequest {
  op: 'extract' | 'list';
  /** The archive's parts (one File, or every volume of a set). */
  files: File[];
  password?: string;
  limits?: Partial<ExtractionLimits>;
  /** Extract only these entries, named as `list` reports them. */
  only?: string[];
  /** Where 7zz.wasm is served from (the bundler's URL for the asset). */
  wasmUrl: string;
  /**
   * At most this many bytes of output are handed over as the worker's own ArrayBuffers (`HeldBytes`,
   * moved with the answer); the rest go to the output store (or Blobs). Default: `heldOutputBudget` of the device.
   */
  holdBytes?: number;
  /**
   * The name of the output store (a file of the Origin Private File System) the rest of the
   * output goes to; the page holds its lock (client/output-stores.ts). Without it, or where the
   * browser has no sync access handles, Blobs.
   */
  outputStore?: string;
  /**
   * Extract only this share of a zip's entries (zip/zip-share.ts) or of a 7z's solid blocks
   * (sevenzip/share-plan.ts), beside other workers doing the others. Anything else (a zip that
   * zip.js does not read whole, a 7z that does not split in two) fails: the page then runs it unshared.
   */
  share?: { index: number; count: number };
  /**
   * Write the files straight into this folder of the visitor's disk (host-browser/folder-sink.ts)
   * instead of keeping them in the page. Never shared.
   */
  folder?: FolderTarget;
}

/** Where an extraction straight into a folder writes (BrowserRequest.folder). */
export interface FolderTarget {
  /** The folder the page made for this archive in the one the visitor picked, empty. */
  handle: FileSystemDirectoryHandle;
  /** The archive's one top folder, which `handle` stands for: paths under it lose it. */
  top: string | null;
}

/**
 * Sent to a worker before its request, while the visitor is still choosing: the worker fetches
 * and compiles 7zz.wasm and loads its codecs, so that the request starts at once, then warms up
 * (see warm-up.ts) and answers `prepared`.
 */
export interface BrowserPrepare {
  op: 'prepare';
  wasmUrl: string;
  /** The pipelines to warm up, in order; all by default, none with []. */
  warmUp?: WarmUpKind[];
  /**
   * false: 7zz.wasm is not compiled ahead (a worker for a zip or a tar.gz, which never run 7-Zip:
   * compiling it took CPU the extraction beside it needed). Compiled by default.
   */
  sevenZip?: boolean;
  /**
   * false: only 7-Zip is made ready, not the codec and the other backends (a worker about to
   * extract a 7z, which needs none of them: apps/web's engineWorker). Loaded by default.
   */
  others?: boolean;
}

/** The pipelines a warm-up can run: 7-Zip's (every format it opens), the zip reader, the tar.gz reader. */
export const WARM_UP_KINDS = ['7z', 'zip', 'tar.gz'] as const;
export type WarmUpKind = (typeof WARM_UP_KINDS)[number];

/** The warm-up that suits an archive just listed (its ListResult format): the pipeline its extraction takes. */
export function warmUpKindFor(format: string): WarmUpKind {
  return format === 'zip' || format === 'tar.gz' ? format : '7z';
}

export interface WarmUpReport {
  /** The pipelines whose sample was extracted, in order. */
  warmed: WarmUpKind[];
  seconds: number;
  /** Why the warm-up ended early, if it failed (a request then runs as in a cold worker). */
  error?: string;
}

/**
 * Where one extracted file's bytes are: `size` bytes from `offset` in `blob`. Small files share
 * a Blob (a structured clone sends each shared Blob once). Cutting a file's own Blob out of it is
 * a round trip to the browser process, so the page does it only when it needs the bytes.
 */
export interface BlobRange {
  blob: Blob;
  offset: number;
  size: number;
}

/**
 * A file's bytes themselves, in order: views of ArrayBuffers the answer moved to the page (no
 * copy; several files may view one buffer). The page makes a Blob of them when it needs one.
 */
export interface HeldBytes {
  parts: Uint8Array<ArrayBuffer>[];
  size: number;
}

export type FileSlice = BlobRange | HeldBytes;

/** The engine's answer (format, entries, encryption, a share's part of a cut file), with where each file's bytes are. */
export interface BrowserExtractResult extends ExtractResult {
  /** Where the bytes of each extracted file are, by its `path`. */
  files: Map<string, FileSlice>;
  /** Written into a folder (BrowserRequest.folder): the first name the disk refused and what it became. */
  renamed?: { from: string; to: string };
}

/**
 * A listing as the worker answers it: the engine's, with what "Extract Straight to a Folder…"
 * needs of it (folder-hints.ts): the one folder every entry is inside, if any (as stored:
 * `project` of `project/a.txt`), and whether two workers writing into one folder cannot meet on
 * a name.
 */
export type BrowserListResult = ListResult & { top?: string; namesApart?: true };

export type BrowserMessage =
  | { type: 'prepared'; warmUp: WarmUpReport }
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: BrowserExtractResult | BrowserListResult }
  | { type: 'failed'; error: ErrorShape };

/** A file's bytes as one Blob: cut out of its batch, or made of its held bytes (a copy, once). */
export function sliceToBlob(slice: FileSlice): Blob {
  if ('parts' in slice) return new Blob(slice.parts);
  const { blob, offset, size } = slice;
  return offset === 0 && size === blob.size ? blob : blob.slice(offset, offset + size);
}

/** The buffers under an answer's held files, each once: what posting it moves instead of copying. */
export function heldBuffersOf(files: ReadonlyMap<string, FileSlice>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const slice of files.values()) if ('parts' in slice) for (const part of slice.parts) buffers.add(part.buffer);
  return [...buffers];
}
