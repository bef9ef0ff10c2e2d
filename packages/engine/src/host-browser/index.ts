import { BROWSER_LIMITS } from '@archive-opener/shared';
import { detect, extract, list, preloadBackends } from '../core/engine.js';
import { EngineError, toEngineError } from '../core/engine-error.js';
import { loadZipBackend } from '../zip/backend.js';
import type { ZipShare } from '../zip/zip-share.js';
import type { OutputSink } from '../core/output-sink.js';
import type { OperationOptions } from '../core/types.js';
import { blobSource } from './blob-source.js';
import { heldOutput } from './held-output.js';
import { deviceHeldOutputBudget } from './held-output-budget.js';
import { folderHints } from './folder-hints.js';
import { folderSink } from './folder-sink.js';
import { memorySink } from './memory-sink.js';
import { isStored, openOutputStore, resolveStored } from './output-store.js';
import { compileSevenZip } from './sevenzip-browser.js';
import { browserInput } from './browser-input.js';
import { browserCodec } from './browser-codec.js';
import type { BrowserExtractResult, BrowserListResult, FileSlice, FolderTarget } from './worker-protocol.js';

export type {
  BlobRange,
  BrowserExtractResult,
  BrowserListResult,
  BrowserMessage,
  BrowserPrepare,
  BrowserRequest,
  FileSlice,
  FolderTarget,
  HeldBytes,
  WarmUpKind,
  WarmUpReport,
} from './worker-protocol.js';
export { offloadGunzipTo } from './gunzip-offload.js';
export { zipWasmAt } from './zip-wasm.js';
export { heldBuffersOf, sliceToBlob, WARM_UP_KINDS, warmUpKindFor } from './worker-protocol.js';
export type { ExtractedEntry, FilePart, ListedEntry, ListResult, Progress } from '../core/types.js';

/**
 * Loads what a request will need before it comes. A failure is left for the request to meet
 * (and report) when it loads the same things again.
 */
export function prepare(wasmUrl: string, sevenZip = true, others = true): void {
  if (sevenZip) compileSevenZip(wasmUrl).catch(() => undefined);
  if (!others) return;
  browserCodec().catch(() => undefined);
  preloadBackends().catch(() => undefined);
}

/**
 * Runs inside a Web Worker: WORKERFS needs FileReaderSync, which only workers have. Up to
 * `holdBytes` of the output are the worker's own ArrayBuffers (HeldBytes slices), to be moved
 * to the page with the answer: see `heldBuffersOf`. The rest goes to the output store named
 * `outputStore` (output-store.ts) where the browser has one, else to Blobs.
 */
export async function extractFiles(
  files: readonly File[],
  wasmUrl: string,
  {
    holdBytes,
    outputStore,
    share,
    folder,
    ...options
  }: OperationOptions & { holdBytes?: number; outputStore?: string; share?: ZipShare; folder?: FolderTarget } = {},
): Promise<BrowserExtractResult> {
  // Anything but a size (NaN would compare as room for everything) means the device's default.
  const budget =
    typeof holdBytes === 'number' && holdBytes >= 0 && Number.isFinite(holdBytes) ? holdBytes : deviceHeldOutputBudget();
  const store = outputStore ? await openOutputStore(outputStore) : null;
  // Into the visitor's folder (folder-sink.ts), the store only passes 7-Zip's files on. Shares
  // write into one folder side by side: the page shares only archives whose names cannot meet
  // there (folder-hints.ts `namesApart`).
  const sink = folder ? folderSink(folder, heldOutput(budget), store) : memorySink(heldOutput(budget), store);
  let result;
  try {
    result = share
      ? await extractShare(files, wasmUrl, sink, share, options, folder === undefined)
      : await extract({ ...browserInput(files, wasmUrl), codec: await browserCodec() }, sink, options);
  } catch (error) {
    await store?.remove();
    throw error;
  }
  if ('renamed' in sink) {
    // Written into the folder: the files are the disk's, and the store has done its part.
    await store?.remove();
    const renamed = sink.renamed();
    return { ...result, files: sink.files, ...(renamed && { renamed }) };
  }
  sink.flush();
  const stored = store ? await store.finish() : null;
  const slices = new Map<string, FileSlice>();
  for (const [path, slice] of sink.files)
    slices.set(path, isStored(slice) && stored ? resolveStored(slice, stored) : (slice as FileSlice));
  return { ...result, files: slices };
}

/** The read window of a worker extracting one share of a zip (blob-source.ts). */
const SHARE_WINDOW_BYTES = 16 * 1024 * 1024;

/**
 * One share of a zip (read by zip.js and the browser's codec only) or of a 7z (one 7-Zip instance
 * on its solid blocks: sevenzip/share-plan.ts): no other backend is tried (a fallback would
 * extract the whole archive in each worker). Any failure, whatever its cause, makes the page
 * extract the archive again unshared, and that run's answer is the one it reports.
 */
async function extractShare(
  files: readonly File[],
  wasmUrl: string,
  sink: OutputSink,
  share: ZipShare,
  options: OperationOptions,
  keptInPage: boolean,
) {
  const [file] = files;
  if (!file || files.length !== 1) throw new EngineError('INTERNAL', 'Only a single-part archive is extracted in shares.');
  // One source for the check and a 7z's run: the engine finds the head it reads again in its window.
  const input = browserInput(files, wasmUrl);
  if (input.sources[0] && (await detect(input.sources[0])) === '7z') {
    // 7-Zip reads it through its own window (workerfs-window.ts); where it does not split, share 1
    // extracts nothing and share 0 all of it (sevenzip/share-plan.ts).
    // The codec's CRC-32 makes a cut's archive frame (block-cut.ts) without loading hash-wasm.
    // A file cut between the shares is joined by the page (file-cut.ts), not in a folder.
    const sevenZipShare = { ...share, joinsFiles: keptInPage };
    return extract({ ...input, codec: await browserCodec(), sevenZipShare }, sink, options);
  }
  const limits = { ...BROWSER_LIMITS, ...options.limits };
  const { extractZip } = await loadZipBackend();
  try {
    // Half the usual window: two workers read ahead at once (docs/decisions/036-browser-speed-at-scale.md).
    return await extractZip(
      [blobSource(file, { windowBytes: SHARE_WINDOW_BYTES })],
      sink,
      limits,
      options,
      await browserCodec(),
      share,
    );
  } catch (error) {
    throw toEngineError(error);
  }
}

export async function listFiles(
  files: readonly File[],
  wasmUrl: string,
  options: OperationOptions = {},
): Promise<BrowserListResult> {
  const result = await list(browserInput(files, wasmUrl), options);
  return { ...result, ...folderHints(result.entries) };
}
