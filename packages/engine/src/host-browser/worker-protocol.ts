import type { ErrorShape, ExtractionLimits } from '@archive-opener/shared';
import type { ExtractedEntry, ListResult, Progress } from '../core/types.js';

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
   * moved with the answer); the rest become Blobs. Default: `heldOutputBudget` of the device.
   */
  holdBytes?: number;
}

/**
 * Sent to a worker before its request, while the visitor is still choosing: the worker fetches
 * and compiles 7zz.wasm and loads its codecs, so that the request starts at once.
 */
export interface BrowserPrepare {
  op: 'prepare';
  wasmUrl: string;
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

export interface BrowserExtractResult {
  format: string;
  entries: ExtractedEntry[];
  /** Where the bytes of each extracted file are, by its `path`. */
  files: Map<string, FileSlice>;
}

export type BrowserMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: BrowserExtractResult | ListResult }
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
