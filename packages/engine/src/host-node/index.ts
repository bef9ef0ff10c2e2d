import { SERVER_LIMITS } from '@archive-opener/shared';
import { detect, extract, list } from '../core/engine.js';
import type { DetectedFormat } from '../core/detect.js';
import type { ExtractResult, ListResult, OperationOptions } from '../core/types.js';
import { diskSink } from './disk-sink.js';
import { fileSource, type FileSource } from './file-source.js';
import { nodeInputs } from './node-inputs.js';
import { nodeSevenZipFactory } from './sevenzip-node.js';
import { nodeSevenZipHelper } from './sevenzip-helper.js';
import { zlibCodec } from './zlib-codec.js';

export { extractInWorker, listInWorker, type WorkerRunOptions } from './worker-client.js';
export { sha256File, sha256Files } from './hash-file.js';

/**
 * The engine on Node, in this thread: archives are read from disk in place and entries are
 * written under `outDir`. Servers should prefer `extractInWorker` (time limit, crash isolation).
 */
export async function extractArchive(
  paths: readonly string[],
  outDir: string,
  options: OperationOptions = {},
): Promise<ExtractResult> {
  const inputs = nodeInputs(paths);
  const sources = await Promise.all(paths.map(fileSource));
  try {
    return await extract(
      {
        sources,
        sevenZip: nodeSevenZipFactory,
        mountInputs: inputs,
        defaultLimits: SERVER_LIMITS,
        codec: zlibCodec,
        sevenZipHelper: nodeSevenZipHelper(paths),
      },
      diskSink(outDir),
      options,
    );
  } finally {
    await closeAll(sources, inputs);
  }
}

export async function listArchive(paths: readonly string[], options: OperationOptions = {}): Promise<ListResult> {
  const inputs = nodeInputs(paths);
  const sources = await Promise.all(paths.map(fileSource));
  try {
    return await list(
      { sources, sevenZip: nodeSevenZipFactory, mountInputs: inputs, defaultLimits: SERVER_LIMITS, codec: zlibCodec },
      options,
    );
  } finally {
    await closeAll(sources, inputs);
  }
}

export async function detectArchive(path: string): Promise<DetectedFormat | null> {
  const source = await fileSource(path);
  try {
    return await detect(source);
  } finally {
    await source.close();
  }
}

async function closeAll(sources: readonly FileSource[], inputs: { cleanup(): void }): Promise<void> {
  await Promise.all(sources.map((s) => s.close()));
  inputs.cleanup();
}
