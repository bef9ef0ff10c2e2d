import { parentPort, workerData } from 'node:worker_threads';
import { toEngineError } from '../core/engine-error.js';
import { extractArchive, listArchive } from './index.js';
import { useCompiledSevenZipWasm } from './sevenzip-node.js';
import type { WorkerMessage, WorkerRequest } from './worker-protocol.js';

// A thin switch: the engine runs here so that a hang or crash costs this thread, not the server.
const request = workerData as WorkerRequest;
useCompiledSevenZipWasm(request.wasm);
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

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
