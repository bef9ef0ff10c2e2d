import { parentPort, workerData } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { toEngineError } from '../core/engine-error.js';
import { runHelperInstance } from '../sevenzip/helper-instance.js';
import type { HelperRequest } from '../sevenzip/helper-protocol.js';
import { nodeInputs } from './node-inputs.js';
import { helperDiskOutput, type HelperDestination } from './sevenzip-helper-output.js';
import { nodeSevenZipFactory, useCompiledSevenZipWasm } from './sevenzip-node.js';

/** What the engine's thread gives the second 7-Zip instance's thread (sevenzip-helper.ts). */
export interface HelperThreadData {
  wasm: WebAssembly.Module;
  paths: string[];
  destination: HelperDestination;
  request: HelperRequest;
}

// One run: extract the named files, post the entries (or the error), end.
const data = workerData as HelperThreadData;
useCompiledSevenZipWasm(data.wasm);
const inputs = nodeInputs(data.paths);
try {
  const entries = await runHelperInstance(nodeSevenZipFactory, inputs, helperDiskOutput(data.destination), data.request, crc32);
  parentPort?.postMessage({ type: 'done', entries });
} catch (error) {
  parentPort?.postMessage({ type: 'failed', error: toEngineError(error).toJSON() });
} finally {
  inputs.cleanup();
}
