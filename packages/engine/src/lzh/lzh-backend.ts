import type { ExtractionLimits } from '@archive-opener/shared';
import { LimitTracker } from '../core/limit-tracker.js';
import { mapReaderFailure } from '../core/stream-failure.js';
import type { OutputSink } from '../core/output-sink.js';
import type { ExtractResult, ListedEntry, ListResult, OperationOptions, StreamInfo } from '../core/types.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import { namesIn } from '../names/named-entries.js';
import { extractEvery, listEvery, EntryWriter } from '../core/entry-writer.js';
import { LzhError, LzhReader, type LzhEntry } from './lzh-reader.js';

/**
 * LHA/LZH archives read in one pass by our own reader: 7-Zip calls several valid archives
 * damaged (level-3 headers, Shift-JIS names, `name|target` symlinks, a header level 0 with its
 * UNIX extension). Entries go through the entry writer (core/entry-writer.ts), so names, limits, progress and
 * sink rules are the same as for tar and cpio.
 */

/** Thrown when this path cannot handle the input (no LHA header found): the caller then uses 7-Zip. Never after a write. */
export class LzhFallback extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LzhFallback';
  }
}

export async function listLzhStream(
  stream: ReadableStream<Uint8Array>,
  options: OperationOptions,
  info: StreamInfo,
): Promise<ListResult> {
  const repeats = new Repeats();
  const rename = namesIn(options);
  const toListed = (entry: LzhEntry): ListedEntry | null => {
    rename(entry);
    if (entry.kind === 'other' || entry.kind === 'hardlink' || repeats.seen(entry)) return null;
    const listed: ListedEntry = { name: entry.name, type: entry.kind, size: entry.size, encrypted: false };
    if (entry.mtime) listed.modified = entry.mtime.toISOString();
    if (entry.kind === 'symlink') listed.linkTarget = entry.linkName;
    if (entry.rawName) listed.rawName = entry.rawName;
    return listed;
  };
  return listEvery(new LzhReader(stream), info, options, toListed, mapFailure);
}

export async function extractLzhStream(
  stream: ReadableStream<Uint8Array>,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  info: StreamInfo,
): Promise<ExtractResult> {
  const reader = new LzhReader(stream);
  const job = new EntryWriter(sink, new LimitTracker(limits, info.archiveBytes), options, info.bytesTotal);
  const repeats = new Repeats();
  const rename = namesIn(options);
  const each = async (entry: LzhEntry) => {
    rename(entry);
    return repeats.seen(entry) ? undefined : job.extract(entry);
  };
  const entries = await extractEvery(reader, job, each, mapFailure);
  return { format: info.format, entries };
}

/**
 * An archive may store the same entry more than once (appended updates, concatenated copies:
 * libarchive's test_fuzz.lzh). LHA extracts each over the last, leaving one; a sink cannot
 * overwrite, so a repeat with the same name, type, size and CRC (the same content) is dropped,
 * and one that differs is kept under a new name by the extraction rather than lost.
 */
class Repeats {
  private readonly signatures = new Map<string, string>();

  seen(entry: LzhEntry): boolean {
    const path = toSafeRelativePath(entry.name);
    if (path === null) return false;
    const signature = `${entry.kind}:${entry.size}:${entry.crc}:${entry.linkName}`;
    if (this.signatures.get(path) === signature) return true;
    this.signatures.set(path, signature);
    return false;
  }
}

function mapFailure(error: unknown, nothingYet: boolean): Error {
  return mapReaderFailure(error, nothingYet, {
    classify: (e) => (e instanceof LzhError ? { kind: e.kind === 'not-lzh' ? 'not-archive' : e.kind, message: e.message } : null),
    fallback: LzhFallback,
  });
}
