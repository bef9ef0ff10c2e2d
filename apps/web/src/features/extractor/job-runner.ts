import type { BrowserStorageLimit } from '@archive-opener/engine/browser/client';
import type { Progress } from '@archive-opener/engine/browser';
import type { ErrorShape } from '@archive-opener/shared';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { factsFromEntries, factsFromServerJob, type ArchiveFacts } from '../integrity/archive-facts';
import type { ExtractionMode } from '../server-extraction/extraction-mode';
import { ApiRequestError } from '../../lib/api-request-error';
import { problemFor, problemShape } from '../server-extraction/problems';
import { cancelledError, ServerExtractionError } from '../server-extraction/server-error';
import type { ServerRun } from '../server-extraction/server-run';
import { startUsageRecord } from '../telemetry/usage-events';
import type { ArchiveJob } from './archive-jobs';
import { cancelledError as cancelledInBrowser, ExtractionError, extractInWorker, type EngineRun } from './engine-client';
import type { ArchiveFolder, PickedFolder } from './picked-folder';
import { percentFor } from './progress-model';
import { extractInShares, sharesFor } from './shared-extraction';
import { toExtractedFiles } from './to-extracted-files';
import { storageRefusal } from './use-output-storage';

export interface JobRunOptions {
  password: string;
  /** Prepended to every file's path (the archive's name in a batch of several). */
  prefix: string;
  onPercent: (percent: number) => void;
  /** The server's queue position while the job waits there; null once it runs. */
  onQueue: (position: number | null) => void;
  /** What the browser lets the site store (browser mode: the output's limit). */
  storage?: BrowserStorageLimit;
  /** Browser mode: write the files straight into a new folder in this one (picked-folder.ts). */
  folder?: PickedFolder;
}

/** One archive's outcome: its files, and what the safety summary says of it. */
export interface JobOutput {
  files: ExtractedFile[];
  facts: ArchiveFacts;
  /** Written straight into a folder: the folder made for it, and the first name the disk refused. */
  folder?: { name: string; renamed?: { from: string; to: string } };
}

/** Any failure of either mode (or of fetching a server file to open it) in the extractor's error shape. */
export function asShape(error: unknown): ErrorShape {
  if (error instanceof ExtractionError || error instanceof ServerExtractionError) return error.shape;
  if (error instanceof ApiRequestError) return problemShape(problemFor(error));
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Extracts one archive of the batch where the visitor chose: in a Web Worker, or on the server.
 * Both report the same progress (docs/decisions/004-real-progress.md) and end in the same files for the file
 * manager, or the same coded errors.
 */
export function runJob(job: ArchiveJob, mode: ExtractionMode, options: JobRunOptions): EngineRun<JobOutput> {
  if (mode === 'server') return runOnServer(job, options);
  return options.folder ? runIntoFolder(job, options.folder, options) : runInBrowser(job, options);
}

/**
 * Into a folder: the folder is made first, the archive extracted into it (the engine writes each
 * file as it comes, host-browser/folder-sink.ts), and the folder removed again if that fails or
 * is cancelled, so a failure leaves nothing half written.
 */
function runIntoFolder(job: ArchiveJob, picked: PickedFolder, options: JobRunOptions): EngineRun<JobOutput> {
  let cancelled = false;
  let run: EngineRun<JobOutput> | null = null;
  const result = picked.folderFor(job).then(async (made: ArchiveFolder) => {
    try {
      if (cancelled) throw cancelledInBrowser();
      run = runInBrowser(job, options, made);
      return await run.result;
    } catch (error) {
      await made.remove();
      throw error;
    }
  });
  return {
    result,
    cancel() {
      cancelled = true;
      run?.cancel();
    },
  };
}

function runInBrowser(
  job: ArchiveJob,
  { password, prefix, onPercent, storage }: JobRunOptions,
  into?: ArchiveFolder,
): EngineRun<JobOutput> {
  // The listing said how much the archive holds: refused at once when that cannot be stored. Into
  // a folder too: the browser's estimate of the device is all the page knows of the disk, and a
  // 7z's files pass through the site's storage on their way (folder-sink.ts).
  const listed = job.listing?.state === 'listed' ? job.listing.bytes : null;
  const available = storage?.availableBytes ?? null;
  if (listed !== null && available !== null && listed > available) {
    return { result: Promise.reject(new ExtractionError(storageRefusal(listed, available))), cancel: () => undefined };
  }
  onPercent(percentFor({ stage: 'processing' }));
  const usage = startUsageRecord(job);
  const runOptions = {
    ...(password ? { password } : {}),
    ...(storage && { limits: { maxTotalBytes: storage.outputBytes } }),
    ...(into && { folder: into.target }),
    onProgress: ({ bytesDone, bytesTotal }: Progress) => onPercent(percentFor({ stage: 'extracting', bytesDone, bytesTotal })),
  };
  // Into a folder, two workers only where their names cannot meet: each numbers names on its own.
  const apart = job.listing?.state === 'listed' && job.listing.namesApart === true;
  const shares = into && !apart ? 1 : sharesFor(job, password);
  const run = shares > 1 ? extractInShares(job.parts, runOptions, shares) : extractInWorker(job.parts, runOptions);
  // The anonymous usage record (docs/decisions/023-anonymous-statistics.md), browser mode only: the
  // server records its own runs.
  run.result.then(
    (result) => usage.finish({ format: result.format }),
    (error: unknown) => usage.finish({ error: asShape(error) }),
  );
  return {
    result: run.result.then((result) => {
      onPercent(percentFor({ stage: 'finalizing' }));
      const encrypted = result.encrypted === true || (job.listing?.state === 'listed' && job.listing.encrypted);
      return {
        files: toExtractedFiles(result, { archiveName: job.name, prefix }),
        facts: factsFromEntries(result.entries, { name: job.name, size: job.size, encrypted }),
        ...(into && { folder: { name: into.name, ...(result.renamed && { renamed: result.renamed }) } }),
      };
    }),
    cancel: () => run.cancel(),
  };
}

function runOnServer(job: ArchiveJob, { password, prefix, onPercent, onQueue }: JobRunOptions): EngineRun<JobOutput> {
  onPercent(percentFor({ stage: 'reading' }));
  let run: ServerRun | null = null;
  let cancelled = false;
  // The server client is loaded with the first server run: browser-mode visitors never download it.
  const result = Promise.all([import('../server-extraction/server-run'), import('../server-extraction/to-remote-files')]).then(
    async ([{ extractOnServer }, { toRemoteFiles }]) => {
      if (cancelled) throw cancelledError();
      run = extractOnServer(job.parts, {
        ...(password ? { password } : {}),
        onState: (state) => {
          if (state.kind === 'queued') onQueue(state.position);
          else if (state.kind === 'running') onQueue(null);
          if (state.kind === 'uploading' || state.kind === 'queued' || state.kind === 'running')
            onPercent(percentFor(state.progress));
        },
      });
      const { jobId, files, safety, expiresAt } = await run.result;
      const remote = toRemoteFiles(files, { jobId, archiveName: job.name, prefix, expiresAt });
      const facts = factsFromServerJob(files, safety, { name: job.name, size: job.size });
      return { files: remote, facts };
    },
  );
  return {
    result,
    cancel: () => {
      cancelled = true;
      run?.cancel();
    },
  };
}
