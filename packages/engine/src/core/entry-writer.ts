import type { LimitTracker } from './limit-tracker.js';
import { entryTime } from './entry-time.js';
import { NameAllocator } from './name-allocator.js';
import type { EntryStamp, OutputSink } from './output-sink.js';
import { ProgressReporter } from './progress-reporter.js';
import { toSafeRelativePath } from './safe-path.js';
import { isWanted, type ExtractedEntry, type ListedEntry, type ListResult, type OperationOptions } from './types.js';

export type ArchiveEntryKind = 'file' | 'dir' | 'symlink' | 'hardlink' | 'other';

/**
 * One entry as a reader of ours (tar, cpio, LHA, ISO) hands it to the entry writer: its stored
 * name, what it is, and its content read piece by piece.
 */
export interface ArchiveEntry {
  /** The name as stored (may be hostile: the writer makes it safe). */
  name: string;
  /** A link's target ('' for other kinds). */
  linkName: string;
  kind: ArchiveEntryKind;
  /** Bytes the content has. */
  size: number;
  mtime: Date | null;
  /** The Unix mode as stored, where the format stores one (tar, cpio, LHA's Unix extensions). */
  mode?: number | null;
  /** The name's bytes, where the format leaves their encoding open (LHA, cpio): see ExtractedEntry. */
  rawName?: Uint8Array;
  /**
   * The next piece of content, or null at its end. Pieces are never changed afterwards. Once the
   * reader moves to the next entry the rest is skipped, and reading throws.
   */
  read(): Promise<Uint8Array | null>;
}

/** What the sink may keep of an entry's header: its time (a readable one) and its mode. */
function stampOf(entry: ArchiveEntry): EntryStamp {
  return { modified: entryTime(entry.mtime?.getTime()), mode: entry.mode ?? null };
}

/** Files up to this size go to `writeBytes` in one piece when the sink has it (cheaper than a stream). */
const SMALL_FILE_BYTES = 256 * 1024;
/** Small-file writes left running while the next entries are read. */
const WRITES_IN_FLIGHT = 4;

/**
 * Writes the entries of any of our readers into a sink: safe unique names, parent folders created and reported,
 * every entry and byte counted against the limits, links reported (never created), devices,
 * FIFOs and metadata skipped.
 */
export class EntryWriter {
  readonly allocator = new NameAllocator();
  readonly madeDirectories = new Set<string>();
  readonly entries: ExtractedEntry[] = [];
  readonly progress: ProgressReporter;
  entriesDone = 0;
  /** Set before the first call to the sink: from then on a failure must discard the output. */
  started = false;
  private readonly pending: Promise<void>[] = [];
  /** Files written so far, by their sanitised stored name: what a later hard link may copy. */
  private readonly writtenFiles = new Map<string, { path: string; size: number }>();

  constructor(
    readonly sink: OutputSink,
    readonly tracker: LimitTracker,
    private readonly options: OperationOptions,
    private readonly estimate: number | null,
  ) {
    this.progress = new ProgressReporter(options.onProgress);
  }

  report(force: boolean): void {
    const bytesDone = this.tracker.bytesWritten;
    const bytesTotal = this.estimate !== null && bytesDone <= this.estimate ? this.estimate : null;
    this.progress.report({ phase: 'extracting', bytesDone, bytesTotal, entriesDone: this.entriesDone }, force);
  }

  async extract(entry: ArchiveEntry): Promise<void> {
    if (entry.kind === 'other' || !isWanted(this.options, entry.name)) return; // the reader skips the body
    const safe = toSafeRelativePath(entry.name);
    if (safe === null) return;
    const copyOf =
      entry.kind === 'hardlink' && this.sink.copyFile
        ? this.writtenFiles.get(toSafeRelativePath(entry.linkName) ?? '')
        : undefined;
    // A hard link to a file already written becomes a copy of it (as 7-Zip's path does); any
    // other link is only reported.
    const type = copyOf ? 'file' : entry.kind === 'hardlink' ? 'symlink' : entry.kind;
    const path = this.allocator.allocate(safe, type);
    if (type === 'dir' && this.madeDirectories.has(path)) return;
    await this.makeParents(path);
    this.tracker.addEntry();
    const result: ExtractedEntry = { path, type, size: 0 };
    if (path !== entry.name.replace(/\/+$/, '')) result.originalName = entry.name;
    if (entry.rawName) result.rawName = entry.rawName;
    const stamp = stampOf(entry);
    if (stamp.modified !== null) result.modified = stamp.modified;
    if (type === 'dir') {
      await this.sinkCall(() => this.sink.makeDirectory(path, stamp));
      this.madeDirectories.add(path);
    } else if (type === 'symlink') {
      result.linkTarget = entry.linkName;
    } else if (copyOf) {
      await this.settle();
      this.count(copyOf.size);
      await this.sinkCall(() => this.sink.copyFile?.(copyOf.path, path) ?? Promise.resolve());
      result.size = copyOf.size;
    } else {
      // The header says how much follows: a size over a limit is refused before its first byte.
      this.tracker.expectBytes(entry.size);
      result.size = await this.writeFile(path, entry, stamp);
    }
    if (result.type === 'file') this.writtenFiles.set(safe, { path, size: result.size });
    this.entries.push(result);
  }

  /** Waits for the small-file writes still running. */
  async settle(): Promise<void> {
    while (this.pending.length > 0) await this.nextWrite();
  }

  /** After a failure: waits for every write still running, whatever its outcome, before the output is discarded. */
  async abandon(): Promise<void> {
    await Promise.allSettled(this.pending.splice(0));
  }

  /** Parents without an entry of their own ("a/" for "a/b.txt") are created and reported, as 7-Zip does. */
  private async makeParents(path: string): Promise<void> {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth += 1) {
      const parent = segments.slice(0, depth).join('/');
      if (this.madeDirectories.has(parent)) continue;
      this.tracker.addEntry();
      await this.sinkCall(() => this.sink.makeDirectory(parent));
      this.madeDirectories.add(parent);
      this.entries.push({ path: parent, type: 'dir', size: 0 });
    }
  }

  private async writeFile(path: string, entry: ArchiveEntry, stamp: EntryStamp): Promise<number> {
    if (this.sink.writeBytes && entry.size <= SMALL_FILE_BYTES) return this.writeSmallFile(path, entry, stamp);
    let written = 0;
    let failure: Error | undefined;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          try {
            const chunk = await entry.read();
            if (!chunk) return controller.close();
            this.count(chunk.length);
            written += chunk.length;
            controller.enqueue(chunk);
          } catch (error) {
            failure ??= error instanceof Error ? error : new Error(String(error));
            throw error;
          }
        },
      },
      { highWaterMark: 0 },
    );
    this.started = true;
    try {
      await this.sink.writeFile(path, stream, stamp);
    } catch (error) {
      // Our side (the archive, a limit) failing makes the sink fail too: report the cause.
      throw failure ?? new SinkFailure(error);
    }
    if (written < entry.size) throw new SinkFailure(new Error(`The output stopped reading ${JSON.stringify(path)} early.`));
    return written;
  }

  /** Reads the whole (small) file, then leaves its write running while the next entries are read. */
  private async writeSmallFile(path: string, entry: ArchiveEntry, stamp: EntryStamp): Promise<number> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let chunk = await entry.read(); chunk; chunk = await entry.read()) {
      this.count(chunk.length);
      chunks.push(chunk);
      size += chunk.length;
    }
    const data = chunks.length === 1 ? (chunks[0] as Uint8Array) : chunks;
    const writeBytes = this.sink.writeBytes?.bind(this.sink);
    if (!writeBytes) throw new Error('writeBytes vanished');
    this.started = true;
    const write = writeBytes(path, data, stamp);
    write.catch(() => undefined); // awaited in order by nextWrite
    this.pending.push(write);
    if (this.pending.length >= WRITES_IN_FLIGHT) await this.nextWrite();
    return size;
  }

  private async nextWrite(): Promise<void> {
    try {
      await this.pending.shift();
    } catch (error) {
      throw new SinkFailure(error);
    }
  }

  private count(bytes: number): void {
    this.tracker.addBytes(bytes);
    this.report(false);
  }

  private async sinkCall(run: () => Promise<void>): Promise<void> {
    this.started = true;
    try {
      await run();
    } catch (error) {
      throw new SinkFailure(error);
    }
  }
}

/** A failure of the host's sink (disk full…): passed on as it is, never taken for damage. */
export class SinkFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'SinkFailure';
  }
}

/**
 * Runs every entry of a reader (tar, cpio, LHA, ISO) through an entry writer. On any failure the
 * reader is cancelled, writes still running are waited for, the output is discarded and one
 * error is thrown: the limit that tripped, the sink's own error, or the reader's, as mapped.
 */
export async function extractEvery<E>(
  reader: { next(): Promise<E | null>; cancel(reason?: unknown): Promise<void> },
  job: EntryWriter,
  each: (entry: E) => Promise<void>,
  mapFailure: (error: unknown, nothingWritten: boolean) => Error,
  finish: () => Promise<void> = async () => undefined,
): Promise<ExtractedEntry[]> {
  job.report(true);
  try {
    for (let entry = await reader.next(); entry; entry = await reader.next()) {
      await each(entry);
      job.entriesDone += 1;
    }
    await finish();
    await job.settle();
  } catch (error) {
    await reader.cancel(error);
    await job.abandon();
    const failure = job.tracker.tripped ?? (error instanceof SinkFailure ? error.cause : mapFailure(error, !job.started));
    // The engine discards again if this fails; the archive's failure is the one to report.
    if (job.started) await job.sink.discard().catch(() => undefined);
    throw failure;
  }
  job.report(true);
  return job.entries;
}

/** A total worth showing: the expected size, while what was done has not passed it. */
export function plausibleTotal(done: number, total: number | null): number | null {
  return total !== null && done <= total ? total : null;
}

/**
 * Lists every entry of a stream reader (tar, cpio, LHA) without writing: `toListed` turns an
 * entry into what `list` reports, or skips it (null). Failures are cancelled and mapped as for
 * extraction; `finish` may still refuse the whole input (e.g. no header at all).
 */
export async function listEvery<E>(
  reader: { next(): Promise<E | null>; cancel(reason?: unknown): Promise<void>; readonly position: number },
  info: { format: string; bytesTotal: number | null },
  options: OperationOptions,
  toListed: (entry: E) => ListedEntry | null,
  mapFailure: (error: unknown, nothingListed: boolean) => Error,
  finish: () => void = () => undefined,
): Promise<ListResult> {
  const progress = new ProgressReporter(options.onProgress);
  const entries: ListedEntry[] = [];
  const total = () => plausibleTotal(reader.position, info.bytesTotal);
  try {
    for (let entry = await reader.next(); entry; entry = await reader.next()) {
      const listed = toListed(entry);
      if (!listed) continue;
      entries.push(listed);
      progress.report({ phase: 'listing', bytesDone: reader.position, bytesTotal: total(), entriesDone: entries.length });
    }
    finish();
  } catch (error) {
    await reader.cancel(error);
    throw mapFailure(error, entries.length === 0);
  }
  progress.phase('listing', reader.position, total(), entries.length);
  return { format: info.format, entries, encryptedHeaders: false };
}
