import { parentPort, workerData } from 'node:worker_threads';
import { toEngineError } from '../core/engine-error.js';
import { extractArchive, listArchive } from './index.js';
import { useCompiledSevenZipWasm } from './sevenzip-node.js';
import type { WorkerBoot, WorkerMessage, WorkerRequest } from './worker-protocol.js';

// A thin switch: the engine runs here so that a hang or crash costs this thread, not the server.
// It answers one job at a time, for as long as the pool keeps it (see worker-pool.ts).
useCompiledSevenZipWasm((workerData as WorkerBoot).wasm);
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

async function run(request: WorkerRequest): Promise<void> {
  try {
    const result =
      request.op === 'extract'
        ? await extractArchive(request.paths, request.outDir, {
            ...request.options,
            onProgress: (progress) => post({ type: 'progress', progress }),
          })
        : await listArchive(request.paths, request.options);
    post({ type: 'done', result });
  } catch (error) {
    post({ type: 'failed', error: toEngineError(error).toJSON() });
  }
}

parentPort?.on('message', (request: WorkerRequest) => void run(request));
