import type { ExtractionLimits } from '@archive-opener/shared';
import { streamReaderBackend } from '../core/backend.js';
import { LimitTracker } from '../core/limit-tracker.js';
import { mapReaderFailure } from '../core/stream-failure.js';
import type { OutputSink } from '../core/output-sink.js';
import type { ExtractResult, ListedEntry, ListResult, OperationOptions, StreamInfo } from '../core/types.js';
import { extractEvery, listEvery, EntryWriter } from '../core/entry-writer.js';
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

export interface TarStreamInfo extends StreamInfo {
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
  const job = new EntryWriter(sink, new LimitTracker(limits, info.archiveBytes), options, info.bytesTotal);
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

function mapFailure(error: unknown, nothingYet: boolean, info: TarStreamInfo): Error {
  return mapReaderFailure(error, nothingYet, {
    classify: (e) => (e instanceof TarError ? { kind: e.kind === 'not-tar' ? 'not-archive' : e.kind, message: e.message } : null),
    fallback: TarFallback,
    ...(info.inputFailureKind && { inputFailureKind: info.inputFailureKind }),
  });
}

export const tarBackend = streamReaderBackend('tar', { list: listTarStream, extract: extractTarStream, fallback: TarFallback });
