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

export interface BrowserExtractResult {
  format: string;
  entries: ExtractedEntry[];
  /** The bytes of each extracted file, by its `path`. */
  files: Map<string, Blob>;
}

export type BrowserMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: BrowserExtractResult | ListResult }
  | { type: 'failed'; error: ErrorShape };
