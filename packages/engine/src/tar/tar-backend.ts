import type { ExtractionLimits } from '@archive-opener/shared';
import { EngineError } from '../core/engine-error.js';
import { LimitTracker } from '../core/limit-tracker.js';
import type { OutputSink } from '../core/output-sink.js';
import type { ExtractResult, ListedEntry, ListResult, OperationOptions } from '../core/types.js';
import { extractEvery, listEvery, TarExtraction } from './tar-extraction.js';
import { TarError, TarReader, type TarEntry } from './tar-reader.js';

/**
 * Tar archives of any origin (a plain .tar, or the output of a decompressor) read in one pass:
 * each file streams from the tar reader straight into the sink.
 */

/** Thrown when this path cannot handle the input (not a tar at all): the caller then uses 7-Zip. Never after a write. */
export class TarFallback extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TarFallback';
  }
}

export interface TarStreamInfo {
  /** The format named in the result ('tar', 'tar.gz'…). */
  format: string;
  /** Size of the archive file, for the expansion-ratio limit. */
  archiveBytes: number;
  /** The tar's expected size, for progress (null: unknown). */
  bytesTotal: number | null;
  /** What a failure of the input stream itself (a decompressor's) means; default 'corrupt'. */
  inputFailureKind?: (error: unknown) => 'truncated' | 'corrupt';
}

export async function listTarStream(
  stream: ReadableStream<Uint8Array>,
  options: OperationOptions,
  info: TarStreamInfo,
): Promise<ListResult> {
  const reader = new TarReader(stream);
  const toListed = (entry: TarEntry): ListedEntry | null => {
    if (entry.kind === 'other' || entry.name === '') return null;
    const type = entry.kind === 'hardlink' ? 'symlink' : entry.kind;
    const listed: ListedEntry = { name: entry.name, type, size: type === 'file' ? entry.size : 0, encrypted: false };
    if (entry.mtime) listed.modified = entry.mtime.toISOString();
    if (type === 'symlink') listed.linkTarget = entry.linkName;
    return listed;
  };
  return listEvery(
    reader,
    info,
    options,
    toListed,
    (error, nothingListed) => mapFailure(error, nothingListed, info),
    () => {
      if (reader.headers === 0) throw new TarFallback(NO_HEADER);
    },
  );
}

export async function extractTarStream(
  stream: ReadableStream<Uint8Array>,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  info: TarStreamInfo,
): Promise<ExtractResult> {
  const reader = new TarReader(stream);
  const job = new TarExtraction(sink, new LimitTracker(limits, info.archiveBytes), options, info.bytesTotal);
  const entries = await extractEvery(
    reader,
    job,
    (entry) => job.extract(entry),
    (error, nothingWritten) => mapFailure(error, nothingWritten, info),
    async () => {
      if (reader.headers === 0) throw new TarFallback(NO_HEADER);
    },
  );
  return { format: info.format, entries };
}

/** Only zero bytes (or nothing): no tar header at all, so nothing says this is a tar. */
const NO_HEADER = 'The input holds no tar header.';

/**
 * What a failure means for the caller: not a tar, or the input failing before anything was
 * written or listed, hands the archive to 7-Zip; afterwards the archive is damaged.
 */
function mapFailure(error: unknown, nothingYet: boolean, info: TarStreamInfo): Error {
  if (error instanceof EngineError || error instanceof TarFallback) return error;
  if (error instanceof TarError) {
    if (error.kind === 'not-tar') return new TarFallback(error.message, { cause: error });
    if (error.kind === 'truncated') return truncated(error.message);
    return new EngineError('CORRUPT_ARCHIVE', undefined, { kind: 'corrupt', cause: error.message });
  }
  const message = error instanceof Error ? error.message : String(error);
  if (nothingYet) return new TarFallback(message, { cause: error });
  return info.inputFailureKind?.(error) === 'truncated'
    ? truncated(message)
    : new EngineError('CORRUPT_ARCHIVE', undefined, { kind: 'corrupt', cause: message });
}

function truncated(cause: string): EngineError {
  return new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', { kind: 'truncated', cause });
}
