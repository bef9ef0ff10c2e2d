import type { ErrorShape } from '@archive-opener/shared';
import type { ExtractResult, ListResult, OperationOptions, Progress } from '../core/types.js';

/** The one definition of what crosses the worker_threads boundary, imported by both sides. */
export type WorkerRequest = WorkerJob & { wasm: WebAssembly.Module };

type WorkerJob =
  | { op: 'extract'; paths: string[]; outDir: string; options: Omit<OperationOptions, 'onProgress'> }
  | { op: 'list'; paths: string[]; options: Omit<OperationOptions, 'onProgress'> };

export type WorkerMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: ExtractResult | ListResult }
  | { type: 'failed'; error: ErrorShape };
