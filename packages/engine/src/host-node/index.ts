import { SERVER_LIMITS } from '@archive-opener/shared';
import { detect, extract, list } from '../core/engine.js';
import type { DetectedFormat } from '../core/detect.js';
import type { ExtractResult, ListResult, OperationOptions } from '../core/types.js';
import { diskSink } from './disk-sink.js';
import { fileSource } from './file-source.js';
import { nodeInputs } from './node-inputs.js';
import { nodeSevenZipFactory } from './sevenzip-node.js';

export { extractInWorker, listInWorker, type WorkerRunOptions } from './worker-client.js';
export { sha256File } from './hash-file.js';

/**
 * The engine on Node, in this thread: archives are read from disk in place and entries are
 * written under `outDir`. Servers should prefer `extractInWorker` (time limit, crash isolation).
 */
export async function extractArchive(paths: readonly string[], outDir: string, options: OperationOptions = {}): Promise<ExtractResult> {
  const inputs = nodeInputs(paths);
  try {
    const sources = await Promise.all(paths.map(fileSource));
    return await extract({ sources, sevenZip: nodeSevenZipFactory, mountInputs: inputs, defaultLimits: SERVER_LIMITS }, diskSink(outDir), options);
  } finally {
    inputs.cleanup();
  }
}

export async function listArchive(paths: readonly string[], options: OperationOptions = {}): Promise<ListResult> {
  const inputs = nodeInputs(paths);
  try {
    const sources = await Promise.all(paths.map(fileSource));
    return await list({ sources, sevenZip: nodeSevenZipFactory, mountInputs: inputs, defaultLimits: SERVER_LIMITS }, options);
  } finally {
    inputs.cleanup();
  }
}

export async function detectArchive(path: string): Promise<DetectedFormat | null> {
  return detect(await fileSource(path));
}
