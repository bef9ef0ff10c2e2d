import type {
  BrowserExtractResult,
  BrowserListResult,
  BrowserMessage,
  BrowserPrepare,
  BrowserRequest,
  FolderTarget,
  ListResult,
} from '@archive-opener/engine/browser';
import {
  leaseHeldOutput,
  leaseOutputStore,
  leaseOutputStoreAhead,
  type HeldOutputLease,
  type OutputStoreLease,
} from '@archive-opener/engine/browser/client';
import { heldBuffersOf, warmUpKindFor } from '@archive-opener/engine/browser/protocol';
import type { ErrorShape, ExtractionLimits } from '@archive-opener/shared';
import wasmUrl from '7z-wasm/7zz.wasm?url';
import type { EngineProgress } from './progress-model';

/** A running operation; `cancel` terminates the worker (running WASM cannot be interrupted). */
export interface EngineRun<T = BrowserExtractResult> {
  result: Promise<T>;
  cancel(): void;
}

/**
 * A zip whose entries would inflate to at least this much is shared among the device's cores
 * (shared-extraction.ts): below it, a second worker costs about what it saves
 * (docs/decisions/036-browser-speed-at-scale.md).
 */
export const SHARED_MIN_BYTES = 48 * 1024 * 1024;

export class ExtractionError extends Error {
  constructor(readonly shape: ErrorShape) {
    super(shape.message);
    this.name = 'ExtractionError';
  }
}

/** An extraction's answer, and the output store its files are ranges of (released when they are dismissed). */
export type PageExtractResult = BrowserExtractResult & { outputStore?: string };

export interface RunOptions {
  password?: string;
  /** The limits the page sets (the output the device can store, see storage-limit.ts). */
  limits?: Partial<ExtractionLimits>;
  onProgress?: (progress: EngineProgress) => void;
  /** Write the files straight into this folder of the visitor's (BrowserRequest.folder). */
  folder?: FolderTarget;
}

/**
 * Extracts one archive (all its parts) in a fresh module worker (maybe prepared ahead, see
 * prepareEngine). One worker per operation: a worker that ran 7-Zip cannot be reused safely,
 * and terminating it is the only way to cancel.
 */
export function extractInWorker(parts: File[], options: RunOptions = {}): EngineRun<PageExtractResult> {
  let cancelled = false;
  let run: EngineRun<BrowserExtractResult> | null = null;
  let store: OutputStoreLease | null = null;
  // Started while the store is leased: the worker loads (and compiles 7-Zip for a 7z) meanwhile.
  const worker = engineWorker(parts);
  // The store is named and locked before the worker starts writing to it (client/output-stores.ts).
  const result = leaseOutputStore().then(async (lease): Promise<PageExtractResult> => {
    store = lease;
    if (cancelled) {
      await lease?.release();
      throw cancelledError();
    }
    run = runInWorker<BrowserExtractResult>('extract', parts, options, lease?.name, undefined, worker);
    try {
      const answer = await run.result;
      // Into a folder, the store only passed 7-Zip's files on (the worker removed it): the files are the disk's.
      if (options.folder) await lease?.release();
      return lease && !options.folder ? { ...answer, outputStore: lease.name } : answer;
    } catch (error) {
      await lease?.release();
      throw error;
    }
  });
  return {
    result,
    cancel() {
      cancelled = true;
      if (run) run.cancel();
      else {
        worker.terminate();
        void store?.release();
      }
    },
  };
}

export function cancelledError(): ExtractionError {
  return new ExtractionError({ code: 'CANCELLED', message: 'The extraction was cancelled.' });
}

/** Lists an archive's entries (names, sizes, encrypted flags) without extracting anything. */
export function listInWorker(parts: File[], options: Pick<RunOptions, 'password'> = {}): EngineRun<BrowserListResult> {
  return runInWorker<BrowserListResult>('list', parts, options);
}

/** A spare prepared worker is let go after this long unused (it holds compiled WASM). */
const SPARE_IDLE_MS = 60_000;

/**
 * Prepared workers, in the order they are taken: at most one, or two before a shared run. A bare
 * one (readySpare) has only loaded the engine: no 7-Zip compiled, nothing warmed up.
 */
const spares: { worker: Worker; idle: ReturnType<typeof setTimeout>; bare: boolean }[] = [];

function startWorker(): Worker {
  return new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Starts the next operation's worker ahead of it, and has it fetch and compile 7zz.wasm, load
 * its codecs and warm up while the visitor is still choosing (called when they point at or
 * focus the drop zone or drag a file over it, and when a listing ends, for the extraction that
 * usually follows: then only the pipeline that archive takes is warmed up). Measured in
 * Chromium on the bench's archives, from request to answer: listing a 50 MB 7z 0.32 s with a
 * fresh worker, 0.13 s with a prepared one; extracting a 50 MB zip 0.42 s and 0.32 s. One spare
 * at most (two before a large zip, see prepareFor). Takes no argument: the drop zone hands it its events.
 */
export function prepareEngine(): void {
  prepareSpare({ op: 'prepare', wasmUrl }, 0);
}

/**
 * Has a bare spare loading (the engine's modules only: no 7-Zip compiled, nothing warmed up) when
 * archives are chosen, beside their listing, which may not end before the visitor clicks. A fresh
 * worker took ~0.1–0.2 s from `new Worker` to its request on the bench's VM
 * (docs/decisions/036-browser-speed-at-scale.md, "Start-up and the page at 200 MB"). The
 * extraction's output store is leased then too (client/output-stores.ts).
 */
export function readySpare(): void {
  if (spares.length === 0) startSpare({ op: 'prepare', wasmUrl, warmUp: [], sevenZip: false }, true);
  leaseOutputStoreAhead();
}

/** Whether an archive of this name is likely to run 7-Zip: all but a zip or a tar.gz. */
function likelySevenZip(name: string): boolean {
  return !/\.(zip|tar\.gz|tgz)$/i.test(name);
}

/**
 * The spare at `slot` (0: the next run's, 1: a shared run's second) is told `prepare`: a new one
 * is started, or a bare one already there gets the message (compiling and warming up where it
 * stands; the engine's own modules are loaded once). A spare already prepared is left as it is.
 */
function prepareSpare(prepare: BrowserPrepare, slot: 0 | 1): void {
  const there = spares[slot];
  if (!there) return startSpare(prepare, false);
  if (!there.bare) return;
  there.bare = false;
  there.worker.postMessage(prepare);
}

function startSpare(prepare: BrowserPrepare, bare: boolean): void {
  const worker = startWorker();
  worker.postMessage(prepare);
  // A spare that cannot start is dropped: the operation that comes makes its own worker.
  worker.onerror = () => dropSpare(worker);
  spares.push({ worker, idle: setTimeout(() => dropSpare(worker), SPARE_IDLE_MS), bare });
}

function dropSpare(worker: Worker): void {
  const at = spares.findIndex((spare) => spare.worker === worker);
  if (at < 0) return;
  const [spare] = spares.splice(at, 1);
  if (spare) clearTimeout(spare.idle);
  worker.terminate();
}

function takeWorker(): Worker {
  const spare = spares.shift();
  if (!spare) return startWorker();
  clearTimeout(spare.idle);
  return spare.worker;
}

/**
 * The worker of an extraction about to start, taken before the page has leased its output store
 * (20-90 ms in Chromium on 2 busy vCPUs), so that its module loads meanwhile: a spare, or a fresh
 * worker that, for a name likely to run 7-Zip, is told at once to compile it — only it for a `.7z`,
 * which needs no other backend (docs/decisions/038-sevenzip-on-both-cores.md, "where the browser's
 * time goes"). A zip or a tar.gz loads what it needs with its request.
 */
export function engineWorker(parts: readonly File[]): Worker {
  const name = parts[0]?.name ?? '';
  if (spares.length > 0 || !likelySevenZip(name)) return takeWorker();
  const worker = startWorker();
  const prepare: BrowserPrepare = {
    op: 'prepare',
    wasmUrl,
    warmUp: [],
    sevenZip: true,
    ...(/\.7z$/i.test(name) && { others: false }),
  };
  worker.postMessage(prepare);
  return worker;
}

/**
 * A listing's answer: the worker(s) its extraction will take, prepared now: 7-Zip compiled only
 * where the archive needs it (warm-up.ts makes its zip and tar.gz samples without it). A second spare, for
 * an archive that will be shared (shared-extraction.ts), does not warm up, and compiles 7-Zip
 * only for a 7z, not for a zip.
 */
function prepareFor(result: ListResult): void {
  // A zip or a tar.gz never runs 7-Zip (its fallbacks compile it when they need it).
  const kind = warmUpKindFor(result.format);
  prepareSpare({ op: 'prepare', wasmUrl, warmUp: [kind], ...(kind !== '7z' && { sevenZip: false }) }, 0);
  const bytes = result.entries.reduce((sum, entry) => sum + (entry.type === 'file' ? (entry.size ?? 0) : 0), 0);
  const shareable = result.format === 'zip' || (result.format === '7z' && result.splitsInTwo === true);
  if (shareable && !result.entries.some((entry) => entry.encrypted) && bytes >= SHARED_MIN_BYTES)
    prepareSpare({ op: 'prepare', wasmUrl, warmUp: [], sevenZip: result.format === '7z' }, 1);
}

/** What a run of several workers gives each one (shared-extraction.ts). */
export interface WorkerShare {
  share: NonNullable<BrowserRequest['share']>;
  held: HeldOutputLease;
}

export function runInWorker<T>(
  op: BrowserRequest['op'],
  parts: File[],
  { password, limits, onProgress, folder }: RunOptions,
  outputStore?: string,
  part?: WorkerShare,
  /** A worker taken ahead (engineWorker); else a spare or a fresh one. */
  taken?: Worker,
): EngineRun<T> {
  const worker = taken ?? takeWorker();
  let settle: { reject: (error: Error) => void } | null = null;
  // What the extraction may hand over as ArrayBuffers instead of Blobs: the page's budget less
  // what the archives already open hold.
  const held = part ? part.held : op === 'extract' ? leaseHeldOutput() : null;

  const result = new Promise<T>((resolve, reject) => {
    settle = { reject };
    worker.onmessage = ({ data }: MessageEvent<BrowserMessage>) => {
      // A spare's warm-up ended before the request ran: nothing to do with it here.
      if (data.type === 'prepared') return;
      if (data.type === 'progress') return onProgress?.(data.progress);
      worker.terminate();
      // A listed archive is usually extracted next. Prepared only now: started with the listing,
      // the spare compiled 7-Zip on the core the listing needed.
      if (data.type === 'done' && op === 'list') prepareFor(data.result as ListResult);
      held?.settle(data.type === 'done' && 'files' in data.result ? heldBuffersOf(data.result.files) : []);
      if (data.type === 'done') resolve(data.result as T);
      else reject(new ExtractionError(data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      held?.settle([]);
      reject(new ExtractionError({ code: 'INTERNAL', message: event.message || 'The extraction engine could not start.' }));
    };
    const request: BrowserRequest = {
      op,
      files: parts,
      wasmUrl,
      ...(password ? { password } : {}),
      ...(limits ? { limits } : {}),
      ...(held ? { holdBytes: held.bytes } : {}),
      ...(outputStore ? { outputStore } : {}),
      ...(part && { share: part.share }),
      ...(folder && { folder }),
    };
    worker.postMessage(request);
  });

  return {
    result,
    cancel() {
      worker.terminate();
      held?.settle([]);
      settle?.reject(cancelledError());
    },
  };
}
