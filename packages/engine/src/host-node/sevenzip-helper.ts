import { availableParallelism } from 'node:os';
import { resourceLimits } from 'node:worker_threads';
import { toEngineError } from '../core/engine-error.js';
import type { HelperEntry, SevenZipHelperHost } from '../sevenzip/helper-protocol.js';
import { startModuleWorker } from './module-worker.js';
import type { HelperDestination } from './sevenzip-helper-output.js';
import type { HelperThreadData } from './sevenzip-helper-thread.js';
import { compiledSevenZipWasm } from './sevenzip-wasm.js';

type HelperMessage = { type: 'done'; entries: HelperEntry[] } | { type: 'failed'; error: unknown };

/**
 * Node's second 7-Zip instance: a thread of its own (started from the engine's worker, so that
 * ending that worker, on a time limit or a cancel, ends this one too) that reads the archive's
 * parts in place and writes into the disk sink's folder for it (sevenzip-helper-output.ts).
 */
export function nodeSevenZipHelper(paths: readonly string[], cores = availableParallelism()): SevenZipHelperHost {
  return {
    cores,
    async start(request, destination) {
      const data: HelperThreadData = {
        wasm: await compiledSevenZipWasm(),
        paths: [...paths],
        destination: destination as HelperDestination,
        request,
      };
      // The heap cap of the engine's worker (worker-pool.ts), if it has one, holds for this thread too.
      const limits = resourceLimits.maxOldGenerationSizeMb
        ? { resourceLimits: { maxOldGenerationSizeMb: resourceLimits.maxOldGenerationSizeMb } }
        : {};
      const worker = startModuleWorker('sevenzip-helper-thread', { workerData: data, ...limits });
      const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      const result = new Promise<HelperEntry[]>((resolve, reject) => {
        worker.once('message', (message: HelperMessage) => {
          if (message.type === 'done') resolve(message.entries);
          else reject(toEngineError(message.error));
        });
        worker.once('error', (error) => reject(toEngineError(error)));
        worker.once('exit', (code) => reject(toEngineError(new Error(`The 7-Zip helper thread ended (${code}).`))));
      });
      return {
        result,
        async stop() {
          await worker.terminate();
          await ended;
        },
      };
    },
  };
}
