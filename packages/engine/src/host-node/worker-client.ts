import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from '../core/engine-error.js';
import type { ExtractResult, ListResult, OperationOptions } from '../core/types.js';
import { keepWorker, takeWorker } from './worker-pool.js';
import type { WorkerMessage, WorkerRequest } from './worker-protocol.js';

export interface WorkerRunOptions extends OperationOptions {
  /** Wall-clock limit; the worker is terminated when it passes (running WASM cannot be interrupted). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** V8 heap cap of the worker; WASM memory is capped by 7-Zip's own 32-bit address space. */
  maxHeapMb?: number;
}

export async function extractInWorker(
  paths: readonly string[],
  outDir: string,
  options: WorkerRunOptions = {},
): Promise<ExtractResult> {
  try {
    return (await runWorker({ op: 'extract', paths: [...paths], outDir, options: plain(options) }, options)) as ExtractResult;
  } catch (error) {
    await removeStaging(outDir);
    throw error;
  }
}

export async function listInWorker(paths: readonly string[], options: WorkerRunOptions = {}): Promise<ListResult> {
  return (await runWorker({ op: 'list', paths: [...paths], options: plain(options) }, options)) as ListResult;
}

function plain(options: WorkerRunOptions): WorkerRequest['options'] {
  const result: WorkerRequest['options'] = {};
  if (options.password !== undefined) result.password = options.password;
  if (options.limits !== undefined) result.limits = options.limits;
  if (options.only !== undefined) result.only = [...options.only];
  if (options.namesEncoding !== undefined) result.namesEncoding = options.namesEncoding;
  return result;
}

async function runWorker(request: WorkerRequest, options: WorkerRunOptions): Promise<ExtractResult | ListResult> {
  const maxHeapMb = options.maxHeapMb ?? 512;
  const worker = await takeWorker(maxHeapMb);
  return new Promise((resolve, reject) => {
    let settled = false;
    /** The most bytes the job's progress reported, or its output: how big the job was. */
    let jobBytes = 0;
    /** `keep`: the worker answered and can take another job. */
    const finish = (outcome: () => void, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep) keepWorker(worker, maxHeapMb, jobBytes);
      else void worker.terminate();
      outcome();
    };
    const timer = options.timeoutMs
      ? setTimeout(
          () =>
            finish(() =>
              reject(
                new EngineError('LIMIT_EXCEEDED', 'The extraction took too long.', { limit: 'time', max: options.timeoutMs }),
              ),
            ),
          options.timeoutMs,
        )
      : undefined;
    const onAbort = () => finish(() => reject(new EngineError('CANCELLED')));
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'progress') {
        jobBytes = Math.max(jobBytes, message.progress.bytesDone);
        options.onProgress?.(message.progress);
      } else if (message.type === 'done') {
        if (request.op === 'extract') jobBytes = Math.max(jobBytes, outputBytes(message.result as ExtractResult));
        finish(() => resolve(message.result), true);
      } else {
        const { code, message: text, details } = message.error;
        // An internal failure may have left the engine in a state no later job should meet.
        finish(() => reject(new EngineError(code, text, details ?? {})), code !== 'INTERNAL');
      }
    };
    const onError = (error: Error) => {
      const memory = /heap|memory/i.test(String(error));
      finish(() =>
        reject(
          memory
            ? new EngineError('LIMIT_EXCEEDED', 'The extraction needed too much memory.', { limit: 'memory' })
            : new EngineError('INTERNAL', undefined, { cause: String(error) }),
        ),
      );
    };
    const onExit = (code: number) =>
      finish(() => reject(new EngineError('INTERNAL', 'The extraction worker stopped unexpectedly.', { exitCode: code })));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    if (options.signal?.aborted) onAbort();
    else {
      options.signal?.addEventListener('abort', onAbort);
      worker.postMessage(request);
    }
  });
}

function outputBytes(result: ExtractResult): number {
  return result.entries.reduce((sum, entry) => sum + (entry.type === 'file' ? entry.size : 0), 0);
}

/** A terminated worker cannot clean up after itself: remove its staging folder from here. */
async function removeStaging(outDir: string): Promise<void> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((n) => n.startsWith('.archive-opener-staging-'))
      .map((n) => rm(join(outDir, n), { recursive: true, force: true })),
  );
}
