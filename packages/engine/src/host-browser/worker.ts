/// <reference lib="webworker" />
import { toEngineError } from '../core/engine-error.js';
import { extractFiles, listFiles, prepare } from './index.js';
import type { BrowserMessage, BrowserPrepare, BrowserRequest } from './worker-protocol.js';

// A thin switch: one request per worker (maybe after a `prepare`); cancelling is terminating the
// worker (WASM cannot be interrupted), so the page starts a fresh worker for each archive.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: BrowserMessage) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<BrowserRequest | BrowserPrepare>) => {
  if (event.data.op === 'prepare') {
    prepare(event.data.wasmUrl);
    return;
  }
  const { op, files, password, limits, only, wasmUrl } = event.data;
  const options = { ...(password && { password }), ...(limits && { limits }), ...(only && { only }) };
  try {
    const result =
      op === 'extract'
        ? await extractFiles(files, wasmUrl, { ...options, onProgress: (progress) => post({ type: 'progress', progress }) })
        : await listFiles(files, wasmUrl, options);
    post({ type: 'done', result });
  } catch (error) {
    post({ type: 'failed', error: toEngineError(error).toJSON() });
  }
};
