import type { BrowserExtractResult, ExtractedEntry, Progress } from '@archive-opener/engine/browser';
import { isPasswordProblem } from '@archive-opener/shared';
import { joinFileParts, leaseHeldOutput, leaseOutputStore, type HeldOutputLease } from '@archive-opener/engine/browser/client';
import type { ArchiveJob } from './archive-jobs';
import {
  cancelledError,
  engineWorker,
  ExtractionError,
  extractInWorker,
  runInWorker,
  SHARED_MIN_BYTES,
  type EngineRun,
  type PageExtractResult,
  type RunOptions,
} from './engine-client';

/** Two at most: what was measured (docs/decisions/036-browser-speed-at-scale.md, on two cores). */
const MAX_SHARES = 2;
/**
 * A performance mark made when a shared run failed and one worker extracted the archive again;
 * its detail is the error's code (docs/decisions/040-speed-floors.md).
 */
export const SHARES_FELL_BACK_MARK = 'archive-opener:shares-fell-back';
/** Left when a run starts in shares, its detail the number of workers (e2e/support/run-marks.ts reads it). */
export const SHARED_RUN_MARK = 'archive-opener:shared-run';
/**
 * Left when the page joined a file that 7-Zip's two shares each extracted part of, its detail
 * the file's path (e2e/support/run-marks.ts reads it).
 */
export const FILE_JOINED_MARK = 'archive-opener:file-joined';
/** As the engine's ProgressReporter: the shares' sum is drawn no more often than one share's progress. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * A zip or 7z of at least this many bytes is shared when its listing has not come yet (the visitor
 * was quicker): its output is then at least about SHARED_MIN_BYTES, whatever its data.
 */
const SHARED_UNLISTED_MIN_BYTES = SHARED_MIN_BYTES;

/**
 * How many workers to extract this archive with: more than one only for a large single-part zip,
 * or 7z whose solid blocks split in two, as its listing says, or as its name and size suggest
 * while it is still being listed (extracting stops the listing, so a quick click meets none).
 * An encrypted one is shared once its password is given: each worker decrypts its own entries
 * (a zip's keys are per entry; a 7z's key is derived in each, beside the other). A wrong guess
 * costs a failed shared run before the unshared one, except where the password is missing or
 * wrong (`isPasswordProblem`); a 7z that does not split costs only a listing in the second worker,
 * which then extracts nothing (the engine's sevenzip/share-plan.ts).
 */
export function sharesFor(job: Pick<ArchiveJob, 'parts' | 'listing'>, password: string): number {
  const [file, ...others] = job.parts;
  if (!file || others.length > 0) return 1;
  const listing = job.listing;
  const likely =
    listing?.state === 'listed'
      ? (listing.format === 'zip' || (listing.format === '7z' && listing.splitsInTwo === true)) &&
        (!listing.encrypted || password !== '') &&
        (listing.bytes ?? 0) >= SHARED_MIN_BYTES
      : listing?.state !== 'failed' && /\.(zip|7z)$/i.test(file.name) && file.size >= SHARED_UNLISTED_MIN_BYTES;
  if (!likely) return 1;
  const cores = typeof navigator === 'undefined' ? 1 : (navigator.hardwareConcurrency ?? 1);
  return Math.max(1, Math.min(MAX_SHARES, cores));
}

/**
 * Extracts a zip in `count` workers at once, each a share of its entries (runs of them of about
 * equal work, chosen by the engine: zip/zip-share.ts) into its own output store under one lease.
 * Each share is held to its cut of every limit; if any share fails, for whatever reason, the
 * others are stopped and the archive is extracted again in one worker, whose answer (files or
 * error) is the one given.
 */
export function extractInShares(parts: File[], options: RunOptions, count: number): EngineRun<PageExtractResult> {
  let cancelled = false;
  let runs: EngineRun<BrowserExtractResult>[] = [];
  let single: EngineRun<PageExtractResult> | null = null;
  performance.mark(SHARED_RUN_MARK, { detail: count });
  let release: (() => Promise<void>) | null = null;
  // Started while the store is leased: each loads, and compiles 7-Zip for a 7z, meanwhile.
  const workers = Array.from({ length: count }, () => engineWorker(parts));
  const result = leaseOutputStore().then(async (lease): Promise<PageExtractResult> => {
    release = () => lease?.release() ?? Promise.resolve();
    if (cancelled) {
      for (const worker of workers) worker.terminate();
      await release();
      throw cancelledError();
    }
    const leases = splitLease(leaseHeldOutput(), count);
    const progress = new Array<Progress | null>(count).fill(null);
    let reported = 0;
    // Each worker reports every 100 ms: the page draws their sum as often as it drew one.
    const onProgress = (index: number, each: Progress) => {
      progress[index] = each;
      const now = performance.now();
      if (now - reported < PROGRESS_INTERVAL_MS) return;
      reported = now;
      reportSum(progress, options.onProgress);
    };
    runs = leases.map((held, index) =>
      runInWorker<BrowserExtractResult>(
        'extract',
        parts,
        { ...options, onProgress: (each) => onProgress(index, each) },
        lease?.partName(index),
        { share: { index, count }, held },
        workers[index],
      ),
    );
    try {
      const answers = await Promise.all(runs.map((run) => run.result));
      const merged = mergeShares(answers);
      // Into a folder, the stores only passed 7-Zip's files on: the files are the disk's.
      if (options.folder) await release();
      return lease && !options.folder ? { ...merged, outputStore: lease.name } : merged;
    } catch (error) {
      for (const run of runs) run.cancel();
      await release();
      if (cancelled) throw error;
      // Without the right password one worker would stop where a share did: its answer is the same.
      if (error instanceof ExtractionError && isPasswordProblem(error.shape.code)) throw error;
      // The visitor still gets the archive, from one worker, in about twice the time: a mark says
      // so to benchmarks and tests (bench/scale-browser.ts reports it), which would otherwise only
      // see a slower run.
      performance.mark(SHARES_FELL_BACK_MARK, { detail: error instanceof ExtractionError ? error.shape.code : 'UNKNOWN' });
      single = extractInWorker(parts, options);
      return single.result;
    }
  });
  return {
    result,
    cancel() {
      cancelled = true;
      for (const run of runs) run.cancel();
      single?.cancel();
      if (runs.length === 0) {
        for (const worker of workers) worker.terminate();
        void release?.();
      }
    },
  };
}

/** One lease cut into `count` equal ones; it settles once all of them have, with all their buffers. */
function splitLease(lease: HeldOutputLease, count: number): HeldOutputLease[] {
  const buffers: ArrayBuffer[] = [];
  let open = count;
  return Array.from({ length: count }, () => {
    let settled = false;
    return {
      bytes: Math.floor(lease.bytes / count),
      settle(each) {
        if (settled) return;
        settled = true;
        buffers.push(...each);
        open -= 1;
        if (open === 0) lease.settle(buffers);
      },
    };
  });
}

/** The shares' progress as one, once each has said how much it has to do. */
function reportSum(all: readonly (Progress | null)[], report?: (progress: Progress) => void): void {
  const known = all.filter((each) => each !== null);
  const [latest] = known;
  if (!report || !latest || known.length < all.length) return;
  const total = known.every((each) => each.bytesTotal !== null)
    ? known.reduce((sum, each) => sum + (each.bytesTotal ?? 0), 0)
    : null;
  report({
    ...latest,
    bytesDone: known.reduce((sum, each) => sum + each.bytesDone, 0),
    bytesTotal: total,
    entriesDone: known.reduce((sum, each) => sum + each.entriesDone, 0),
  });
}

/**
 * The shares' answers as one, in the archive's order (each share is a run of its entries, in
 * order). A folder made by several shares (the parent of files in each) is listed once; a file
 * 7-Zip's two shares each extracted part of becomes one file, checked (joinFileParts).
 */
export function mergeShares(answers: readonly BrowserExtractResult[]): BrowserExtractResult {
  const entries: ExtractedEntry[] = [];
  const folders = new Set<string>();
  const files: BrowserExtractResult['files'] = new Map();
  for (const answer of answers) {
    for (const entry of answer.entries) {
      if (entry.type === 'dir') {
        if (folders.has(entry.path)) continue;
        folders.add(entry.path);
      }
      entries.push(entry);
    }
    for (const [path, slice] of answer.files) files.set(path, slice);
  }
  const failure = joinFileParts({ entries, files }, answers);
  if (failure) throw new ExtractionError(failure);
  const joined = answers.find((answer) => answer.filePart?.part === 'first')?.filePart;
  if (joined) performance.mark(FILE_JOINED_MARK, { detail: joined.path });
  const renamed = answers.find((answer) => answer.renamed)?.renamed;
  return {
    format: answers[0]?.format ?? 'zip',
    entries,
    ...(answers.some((answer) => answer.encrypted) && { encrypted: true }),
    files,
    ...(renamed && { renamed }),
  };
}
