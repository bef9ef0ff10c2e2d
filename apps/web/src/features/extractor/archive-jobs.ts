import type { BrowserListResult } from '@archive-opener/engine/browser';
import type { ErrorShape } from '@archive-opener/shared';
import type { ExtractedFile } from '../file-manager/extracted-file';
import type { ArchiveFacts } from '../integrity/archive-facts';
import type { ArchiveSelection } from './volume-sets';

/** What listing the archive (before extracting) told us; `failed` (with the engine's error) when it could not be listed. */
export type JobListing =
  | { state: 'listing' }
  | {
      state: 'listed';
      files: number;
      bytes: number | null;
      encrypted: boolean;
      names: string[];
      /** Where "Extract Straight to a Folder…" puts the files, and whether it may share them (BrowserListResult). */
      top?: string;
      namesApart?: true;
      format?: string;
      /** A 7z that two workers may share (ListResult.splitsInTwo). */
      splitsInTwo?: boolean;
    }
  | { state: 'failed'; error?: ErrorShape };

/** Listing errors that extracting would only repeat: not an archive, a part of the set missing. */
const FINAL_LISTING_ERRORS: ReadonlySet<string> = new Set(['UNSUPPORTED_FORMAT', 'MISSING_VOLUME']);

export type JobStatus = 'ready' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** One archive of the visitor's selection (a batch has several) and what became of it. */
export interface ArchiveJob extends ArchiveSelection {
  id: string;
  status: JobStatus;
  /** Larger than the chosen mode accepts: shown, never extracted. */
  tooLarge: boolean;
  percent: number;
  /** Its place in the server's queue while it waits there (server mode). */
  serverQueue?: number;
  error?: ErrorShape;
  /** Its files, nested archives' files included, once extracted. */
  files: ExtractedFile[];
  listing?: JobListing;
  /** What its extraction said beyond the files, for the safety summary. */
  facts?: ArchiveFacts;
}

export type JobAction =
  | { type: 'add'; selections: (ArchiveSelection & { id: string })[]; maxBytes: number }
  | { type: 'listing'; id: string; listing: JobListing }
  | { type: 'cancelQueued' }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'queue'; ids: string[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; percent: number }
  | { type: 'serverQueue'; id: string; position: number | null }
  | { type: 'done'; id: string; files: ExtractedFile[]; facts?: ArchiveFacts }
  | { type: 'failed'; id: string; error: ErrorShape }
  | { type: 'nested'; id: string; files: ExtractedFile[] };

let nextJobId = 0;

/** A fresh id for a job (made by the caller, so it can start listing the job it adds). */
export function newJobId(): string {
  return `a${++nextJobId}`;
}

/**
 * Why an archive cannot be extracted as chosen, known before trying: the listing found it is not
 * an archive, or a part of the set is missing (by the names, or by the engine's listing).
 */
export function unopenableReason(job: Pick<ArchiveJob, 'listing' | 'missingPart'>): ErrorShape | null {
  if (job.missingPart !== undefined)
    return { code: 'MISSING_VOLUME', message: 'A part of the set is missing.', details: { volume: job.missingPart } };
  const error = job.listing?.state === 'failed' ? job.listing.error : undefined;
  return error && FINAL_LISTING_ERRORS.has(error.code) ? error : null;
}

/** Jobs that "Extract" runs: not yet extracted (or failed/cancelled before), not oversize, not known to be unopenable. */
export function runnable(jobs: readonly ArchiveJob[]): ArchiveJob[] {
  return jobs.filter(
    (job) =>
      !job.tooLarge &&
      unopenableReason(job) === null &&
      (job.status === 'ready' || job.status === 'failed' || job.status === 'cancelled'),
  );
}

export function isBusy(jobs: readonly ArchiveJob[]): boolean {
  return jobs.some((job) => job.status === 'queued' || job.status === 'running');
}

export function jobsReducer(jobs: ArchiveJob[], action: JobAction): ArchiveJob[] {
  switch (action.type) {
    case 'add': {
      // After a finished run a new drop starts a new selection; before it, drops add to it, but
      // an archive too large to extract makes way for the new choice rather than stay beside it.
      const keep = jobs.some((job) => job.status === 'done')
        ? []
        : jobs.filter((job) => !(job.size > action.maxBytes && (job.status === 'ready' || job.status === 'cancelled')));
      const added = action.selections.map<ArchiveJob>((selection) => ({
        ...selection,
        status: 'ready',
        tooLarge: selection.size > action.maxBytes,
        percent: 0,
        files: [],
      }));
      return [...keep, ...added];
    }
    case 'cancelQueued':
      // Cancel stops the batch: archives still waiting their turn never start.
      return jobs.map((job) => (job.status === 'queued' ? { ...job, status: 'cancelled' } : job));
    case 'listing':
      return update(jobs, action.id, { listing: action.listing });
    case 'remove':
      return jobs.filter((job) => job.id !== action.id);
    case 'clear':
      return [];
    case 'queue':
      return jobs.map((job) =>
        action.ids.includes(job.id)
          ? { ...job, status: 'queued', percent: 0, files: [], error: undefined, serverQueue: undefined, facts: undefined }
          : job,
      );
    case 'start':
      return update(jobs, action.id, { status: 'running' });
    case 'progress':
      return update(jobs, action.id, { percent: action.percent });
    case 'serverQueue':
      return update(jobs, action.id, { serverQueue: action.position ?? undefined });
    case 'done':
      return update(jobs, action.id, {
        status: 'done',
        percent: 100,
        files: action.files,
        serverQueue: undefined,
        facts: action.facts,
      });
    case 'failed':
      return update(jobs, action.id, {
        status: action.error.code === 'CANCELLED' ? 'cancelled' : 'failed',
        error: action.error,
        percent: 0,
        serverQueue: undefined,
      });
    case 'nested':
      return jobs.map((job) => (job.id === action.id ? { ...job, files: [...job.files, ...action.files] } : job));
  }
}

function update(jobs: ArchiveJob[], id: string, patch: Partial<ArchiveJob>): ArchiveJob[] {
  return jobs.map((job) => (job.id === id ? { ...job, ...patch } : job));
}

/**
 * The jobs as the chosen mode sees them: an archive not yet extracted is too large when it is
 * above that mode's limit (switching to server mode refuses what the browser would open).
 * Unchanged jobs keep their identity.
 */
export function withLimit(jobs: ArchiveJob[], maxBytes: number): ArchiveJob[] {
  let changed = false;
  const limited = jobs.map((job) => {
    const waiting = job.status === 'ready' || job.status === 'failed' || job.status === 'cancelled';
    const tooLarge = job.size > maxBytes;
    if (!waiting || job.tooLarge === tooLarge) return job;
    changed = true;
    return { ...job, tooLarge };
  });
  return changed ? limited : jobs;
}

/** The smallest queue position of the batch's archives waiting on the server, or null. */
export function serverQueuePosition(jobs: readonly ArchiveJob[]): number | null {
  const positions = jobs.flatMap((job) => (job.status === 'running' && job.serverQueue ? [job.serverQueue] : []));
  return positions.length > 0 ? Math.min(...positions) : null;
}

/** The batch's progress: each running or finished job weighted by its size. */
export function batchPercent(jobs: readonly ArchiveJob[]): number {
  const active = jobs.filter((job) => job.status !== 'ready' && !job.tooLarge && job.status !== 'failed');
  const total = active.reduce((sum, job) => sum + Math.max(1, job.size), 0);
  if (total === 0) return 0;
  return active.reduce((sum, job) => sum + job.percent * Math.max(1, job.size), 0) / total;
}

/** What the page shows of an archive's listing: files only, their total when every size is known. */
export function summarizeListing(
  { entries, encryptedHeaders, format, splitsInTwo, top, namesApart }: BrowserListResult,
  maxNames: number,
): JobListing {
  const files = entries.filter((entry) => entry.type === 'file');
  const known = files.every((entry) => entry.size !== null);
  return {
    state: 'listed',
    files: files.length,
    bytes: known ? files.reduce((sum, entry) => sum + (entry.size ?? 0), 0) : null,
    encrypted: encryptedHeaders || entries.some((entry) => entry.encrypted),
    names: files.slice(0, maxNames).map((entry) => entry.name),
    ...(top !== undefined && { top }),
    ...(namesApart && { namesApart }),
    format,
    ...(splitsInTwo && { splitsInTwo }),
  };
}

/** How many archives deep a file sits (0: in the archive the visitor chose). */
export function nestingDepth(file: ExtractedFile, files: readonly ExtractedFile[]): number {
  const byId = new Map(files.map((candidate) => [candidate.id, candidate]));
  let depth = 0;
  for (let parent = file.parentId; parent; parent = byId.get(parent)?.parentId) depth += 1;
  return depth;
}

/** The nested archives already opened: those some file came out of. */
export function openedArchiveIds(files: readonly ExtractedFile[]): ReadonlySet<string> {
  return new Set(files.flatMap((file) => (file.parentId ? [file.parentId] : [])));
}
