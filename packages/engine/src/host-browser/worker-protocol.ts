import type { ErrorShape, ExtractionLimits } from '@archive-opener/shared';
import type { ExtractedEntry, ListResult, Progress } from '../core/types.js';

/** The one definition of what crosses the Web Worker boundary, imported by both sides. */
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
export interface FileSlice {
  blob: Blob;
  offset: number;
  size: number;
}

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
