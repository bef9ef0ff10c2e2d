import type { ExtractionLimits } from '@archive-opener/shared';
import { LimitTracker } from '../core/limit-tracker.js';
import { mapReaderFailure } from '../core/stream-failure.js';
import type { OutputSink } from '../core/output-sink.js';
import type { ExtractResult, ListedEntry, ListResult, OperationOptions, StreamInfo } from '../core/types.js';
import { namesIn } from '../names/named-entries.js';
import { extractEvery, listEvery, EntryWriter } from '../core/entry-writer.js';
import { HardLinks } from './cpio-links.js';
import { CpioError, CpioReader, type CpioEntry } from './cpio-reader.js';

/**
 * cpio archives (a plain .cpio, or the output of a decompressor) read in one pass: each file
 * streams from the cpio reader into the sink through the entry writer (core/entry-writer.ts), so names,
 * limits, progress and sink rules are the same. Our own reader because 7-Zip's turns names that
 * are not UTF-8 into other names and gives a hard link whose content came first no content.
 */

/** Thrown when this path cannot handle the input (not a cpio we read): the caller then uses 7-Zip. Never after a write. */
export class CpioFallback extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CpioFallback';
  }
}

export async function listCpioStream(
  stream: ReadableStream<Uint8Array>,
  options: OperationOptions,
  info: StreamInfo,
): Promise<ListResult> {
  // Hard links: every name of a file gets the size of the one entry that carries its content.
  const linked = new Map<string, { size: number; names: ListedEntry[] }>();
  const rename = namesIn(options);
  const toListed = (entry: CpioEntry): ListedEntry | null => {
    rename(entry);
    if (entry.kind === 'other' || entry.name === '') return null;
    const listed: ListedEntry = { name: entry.name, type: entry.kind, size: entry.size, encrypted: false };
    if (entry.rawName) listed.rawName = entry.rawName;
    listed.modified = entry.mtime.toISOString();
    if (entry.kind === 'symlink') listed.linkTarget = entry.linkName;
    if (entry.kind === 'file' && entry.nlink > 1) {
      const group = linked.get(entry.inode) ?? { size: 0, names: [] };
      linked.set(entry.inode, group);
      group.names.push(listed);
      if (entry.size > 0) group.size = entry.size;
      for (const name of group.names) name.size = group.size;
    }
    return listed;
  };
  return listEvery(new CpioReader(stream), info, options, toListed, mapFailure);
}

export async function extractCpioStream(
  stream: ReadableStream<Uint8Array>,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  info: StreamInfo,
): Promise<ExtractResult> {
  const reader = new CpioReader(stream);
  const job = new EntryWriter(sink, new LimitTracker(limits, info.archiveBytes), options, info.bytesTotal);
  const links = new HardLinks(job);
  const rename = namesIn(options);
  const entries = await extractEvery(
    reader,
    job,
    (entry) => {
      rename(entry);
      return links.extract(entry);
    },
    mapFailure,
    () => links.finish(),
  );
  return { format: info.format, entries };
}

function mapFailure(error: unknown, nothingYet: boolean): Error {
  return mapReaderFailure(error, nothingYet, {
    classify: (e) =>
      e instanceof CpioError ? { kind: e.kind === 'not-cpio' ? 'not-archive' : e.kind, message: e.message } : null,
    fallback: CpioFallback,
  });
}
