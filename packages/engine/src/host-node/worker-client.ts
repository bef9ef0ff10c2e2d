import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { EngineError } from '../core/engine-error.js';
import type { ExtractResult, ListResult, OperationOptions } from '../core/types.js';
import { compiledSevenZipWasm } from './sevenzip-node.js';
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
    return (await runWorker(
      { op: 'extract', paths: [...paths], outDir, options: plain(options), wasm: await compiledSevenZipWasm() },
      options,
    )) as ExtractResult;
  } catch (error) {
    await removeStaging(outDir);
    throw error;
  }
}

export async function listInWorker(paths: readonly string[], options: WorkerRunOptions = {}): Promise<ListResult> {
  return (await runWorker(
    { op: 'list', paths: [...paths], options: plain(options), wasm: await compiledSevenZipWasm() },
    options,
  )) as ListResult;
}

function plain(options: WorkerRunOptions): WorkerRequest['options'] {
  const result: WorkerRequest['options'] = {};
  if (options.password !== undefined) result.password = options.password;
  if (options.limits !== undefined) result.limits = options.limits;
  if (options.only !== undefined) result.only = [...options.only];
  return result;
}

function runWorker(request: WorkerRequest, options: WorkerRunOptions): Promise<ExtractResult | ListResult> {
  const fromSource = import.meta.url.endsWith('.ts');
  const worker = new Worker(new URL(fromSource ? './worker-entry.ts' : './worker-entry.js', import.meta.url), {
    workerData: request,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
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
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.progress);
      else if (message.type === 'done') finish(() => resolve(message.result));
      else finish(() => reject(new EngineError(message.error.code, message.error.message, message.error.details ?? {})));
    });
    worker.on('error', (error) => {
      const memory = /heap|memory/i.test(String(error));
      finish(() =>
        reject(
          memory
            ? new EngineError('LIMIT_EXCEEDED', 'The extraction needed too much memory.', { limit: 'memory' })
            : new EngineError('INTERNAL', undefined, { cause: String(error) }),
        ),
      );
    });
    worker.on('exit', (code) =>
      finish(() => reject(new EngineError('INTERNAL', 'The extraction worker stopped unexpectedly.', { exitCode: code }))),
    );
  });
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
