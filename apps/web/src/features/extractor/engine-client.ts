import type { BrowserExtractResult, BrowserMessage, BrowserRequest, ListResult } from '@archive-opener/engine/browser';
import type { ErrorShape } from '@archive-opener/shared';
import wasmUrl from '7z-wasm/7zz.wasm?url';
import type { EngineProgress } from './progress-model';

/** A running operation; `cancel` terminates the worker (running WASM cannot be interrupted). */
export interface EngineRun<T = BrowserExtractResult> {
  result: Promise<T>;
  cancel(): void;
}

export class ExtractionError extends Error {
  constructor(readonly shape: ErrorShape) {
    super(shape.message);
    this.name = 'ExtractionError';
  }
}

interface RunOptions {
  password?: string;
  onProgress?: (progress: EngineProgress) => void;
}

/**
 * Extracts one archive (all its parts) in a fresh module worker. One worker per operation: a
 * worker that ran 7-Zip cannot be reused safely, and terminating it is the only way to cancel.
 */
export function extractInWorker(parts: File[], options: RunOptions = {}): EngineRun {
  return runInWorker<BrowserExtractResult>('extract', parts, options);
}

/** Lists an archive's entries (names, sizes, encrypted flags) without extracting anything. */
export function listInWorker(parts: File[], options: Pick<RunOptions, 'password'> = {}): EngineRun<ListResult> {
  return runInWorker<ListResult>('list', parts, options);
}

function runInWorker<T>(op: BrowserRequest['op'], parts: File[], { password, onProgress }: RunOptions): EngineRun<T> {
  const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' });
  let settle: { reject: (error: Error) => void } | null = null;

  const result = new Promise<T>((resolve, reject) => {
    settle = { reject };
    worker.onmessage = ({ data }: MessageEvent<BrowserMessage>) => {
      if (data.type === 'progress') return onProgress?.(data.progress);
      worker.terminate();
      if (data.type === 'done') resolve(data.result as T);
      else reject(new ExtractionError(data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new ExtractionError({ code: 'INTERNAL', message: event.message || 'The extraction engine could not start.' }));
    };
    const request: BrowserRequest = { op, files: parts, wasmUrl, ...(password ? { password } : {}) };
    worker.postMessage(request);
  });

  return {
    result,
    cancel() {
      worker.terminate();
      settle?.reject(new ExtractionError({ code: 'CANCELLED', message: 'The extraction was cancelled.' }));
    },
  };
}
