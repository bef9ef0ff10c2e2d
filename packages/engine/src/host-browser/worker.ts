/// <reference lib="webworker" />
import { toEngineError } from '../core/engine-error.js';
import { extractFiles, listFiles, prepare } from './index.js';
import type { ListResult } from '../core/types.js';
import { warmUp } from './warm-up.js';
import {
  heldBuffersOf,
  WARM_UP_KINDS,
  type BrowserExtractResult,
  type BrowserMessage,
  type BrowserPrepare,
  type BrowserRequest,
} from './worker-protocol.js';

// A thin switch: one request per worker (maybe after a `prepare`); cancelling is terminating the
// worker (WASM cannot be interrupted), so the page starts a fresh worker for each archive.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: BrowserMessage) => scope.postMessage(message);

/** The answer moves the held files' buffers to the page; the worker is done with them. */
function postDone(result: BrowserExtractResult | ListResult): void {
  const message: BrowserMessage = { type: 'done', result };
  try {
    scope.postMessage(message, 'files' in result ? heldBuffersOf(result.files) : []);
  } catch {
    // A buffer that cannot move (none is known to reach here): copied instead, slower but whole.
    scope.postMessage(message);
  }
}

/** The warm-up under way after a `prepare`; a request waits for its current step, then runs alone. */
let warmingUp: Promise<unknown> = Promise.resolve();
let requested = false;

scope.onmessage = async (event: MessageEvent<BrowserRequest | BrowserPrepare>) => {
  if (event.data.op === 'prepare') {
    const { wasmUrl, warmUp: kinds = [...WARM_UP_KINDS], sevenZip = true, others = true } = event.data;
    prepare(wasmUrl, sevenZip, others);
    warmingUp = warmUp(wasmUrl, kinds, () => requested).then((report) => post({ type: 'prepared', warmUp: report }));
    return;
  }
  requested = true;
  await warmingUp;
  const { op, files, password, limits, only, wasmUrl, holdBytes, outputStore, share, folder } = event.data;
  const options = { ...(password && { password }), ...(limits && { limits }), ...(only && { only }) };
  try {
    const result =
      op === 'extract'
        ? await extractFiles(files, wasmUrl, {
            ...options,
            ...(holdBytes !== undefined && { holdBytes }),
            ...(outputStore !== undefined && { outputStore }),
            ...(share !== undefined && { share }),
            ...(folder !== undefined && { folder }),
            onProgress: (progress) => post({ type: 'progress', progress }),
          })
        : await listFiles(files, wasmUrl, options);
    postDone(result);
  } catch (error) {
    post({ type: 'failed', error: toEngineError(error).toJSON() });
  }
};
