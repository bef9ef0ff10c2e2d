import type { ErrorShape } from '@archive-opener/shared';
import type { ExtractResult, ListResult, OperationOptions, Progress } from '../core/types.js';

// The one definition of what crosses the worker_threads boundary, imported by both sides.

/** Given once, when the worker starts: the compiled 7-Zip module, so no worker compiles it again. */
export interface WorkerBoot {
  wasm: WebAssembly.Module;
}

/** One job, posted to a started worker; the next one is posted only after its answer. */
export type WorkerRequest =
  | { op: 'extract'; paths: string[]; outDir: string; options: Omit<OperationOptions, 'onProgress'> }
  | { op: 'list'; paths: string[]; options: Omit<OperationOptions, 'onProgress'> };

export type WorkerMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: ExtractResult | ListResult }
  | { type: 'failed'; error: ErrorShape };
