import type { ExtractionLimits } from '@archive-opener/shared';
import { EngineError } from '../core/engine-error.js';
import { LimitTracker } from '../core/limit-tracker.js';
import { NameAllocator } from '../core/name-allocator.js';
import type { OutputSink } from '../core/output-sink.js';
import { ProgressReporter } from '../core/progress-reporter.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import type { ArchiveSource, ExtractedEntry, ExtractResult, ListedEntry, ListResult, OperationOptions } from '../core/types.js';
import { GzipFailure } from './gzip-reader.js';
import { drainBody, kindOf, sparseInfo, TarGzStream, watchBody } from './tar-stream.js';

/**
 * The .tar.gz fast path: the platform's gzip decoder (DecompressionStream) feeds modern-tar's
 * streaming parser, and each file streams straight into the sink, all in one pass. 7-Zip
 * (WebAssembly) needs two passes for tar.gz and is about four times slower.
 */

/** Thrown when this path cannot handle the input: the caller then uses 7-Zip. */
export class TarGzFallback extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TarGzFallback';
  }
}

export async function listTarGz(source: ArchiveSource, options: OperationOptions): Promise<ListResult> {
  const tar = await open(source);
  const progress = new ProgressReporter(options.onProgress);
  const entries: ListedEntry[] = [];
  let seen = 0;
  try {
    for (let item = await tar.next(); item; item = await tar.next(), seen += 1) {
      const { header, body } = item;
      if ((await drainBody(body)) < header.size) throw truncated(header.name);
      const kind = kindOf(header);
      if (kind === 'other' || header.name === '') continue;
      const sparse = sparseInfo(header);
      const listed: ListedEntry = {
        name: sparse?.name ?? header.name,
        type: kind,
        size: kind === 'file' ? (sparse ? sparse.size : header.size) : 0,
        encrypted: false,
      };
      const modified = header.mtime;
      if (modified && !Number.isNaN(modified.getTime())) listed.modified = modified.toISOString();
      if (kind === 'symlink') listed.linkTarget = header.linkname ?? '';
      entries.push(listed);
      progress.report({ phase: 'listing', bytesDone: tar.decodedBytes, bytesTotal: null, entriesDone: entries.length });
    }
    if (seen === 0) throw new TarGzFallback(NO_ENTRIES);
  } catch (error) {
    await tar.cancel(error);
    throw mapFailure(error, entries.length === 0);
  }
  progress.phase('listing', tar.decodedBytes, null, entries.length);
  return { format: 'tar.gz', entries, encryptedHeaders: false };
}

export async function extractTarGz(
  source: ArchiveSource,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
): Promise<ExtractResult> {
  const estimate = await estimateTarSize(source);
  const tar = await open(source);
  const job = new Extraction(sink, new LimitTracker(limits, source.size), options, estimate);
  job.report(true);
  try {
    for (let item = await tar.next(); item; item = await tar.next()) {
      await job.extract(item.header, item.body);
      job.entriesDone += 1;
    }
    if (job.entriesDone === 0) throw new TarGzFallback(NO_ENTRIES);
  } catch (error) {
    await tar.cancel(error);
    const failure = job.tracker.tripped ?? (error instanceof SinkFailure ? error.cause : mapFailure(error, !job.started));
    // The engine discards again if this fails; the archive's failure is the one to report.
    if (job.started) await sink.discard().catch(() => undefined);
    throw failure;
  }
  job.report(true);
  return { format: 'tar.gz', entries: job.entries };
}

/**
 * modern-tar skips, without a word, blocks it cannot parse as headers: a "tar" that yields no entry
 * at all is damaged or exotic, and 7-Zip says which (nothing has been written at that point).
 */
const NO_ENTRIES = 'The tar parser found no entry.';

async function open(source: ArchiveSource): Promise<TarGzStream> {
  const opened = await TarGzStream.open(source);
  if (opened instanceof TarGzStream) return opened;
  throw new TarGzFallback(`Not a gzip-compressed tar: ${opened.notTar}.`, { cause: opened.cause });
}

type Header = Parameters<typeof kindOf>[0];

class Extraction {
  readonly allocator = new NameAllocator();
  readonly madeDirectories = new Set<string>();
  readonly entries: ExtractedEntry[] = [];
  readonly progress: ProgressReporter;
  entriesDone = 0;
  /** Set before the first call to the sink: from then on a failure must discard the output. */
  started = false;

  constructor(
    readonly sink: OutputSink,
    readonly tracker: LimitTracker,
    options: OperationOptions,
    private readonly estimate: number | null,
  ) {
    this.progress = new ProgressReporter(options.onProgress);
  }

  report(force: boolean): void {
    const bytesDone = this.tracker.bytesWritten;
    const bytesTotal = this.estimate !== null && bytesDone <= this.estimate ? this.estimate : null;
    this.progress.report({ phase: 'extracting', bytesDone, bytesTotal, entriesDone: this.entriesDone }, force);
  }

  async extract(header: Header, body: ReadableStream<Uint8Array>): Promise<void> {
    const kind = kindOf(header);
    const safe = kind === 'other' ? null : toSafeRelativePath(header.name);
    if (safe === null || kind === 'other') {
      if ((await drainBody(body)) < header.size) throw truncated(header.name);
      return;
    }
    if (kind === 'file' && sparseInfo(header)) {
      // The caller discards what was written, then 7-Zip starts again.
      throw new TarGzFallback(`${JSON.stringify(header.name)} is a sparse file.`);
    }
    const path = this.allocator.allocate(safe, kind);
    if (kind === 'dir' && this.madeDirectories.has(path)) {
      await drainBody(body);
      return;
    }
    await this.makeParents(path);
    this.tracker.addEntry();
    const result: ExtractedEntry = { path, type: kind, size: 0 };
    if (path !== header.name.replace(/\/+$/, '')) result.originalName = header.name;
    if (kind === 'dir') {
      await drainBody(body);
      await this.sinkCall(() => this.sink.makeDirectory(path));
      this.madeDirectories.add(path);
    } else if (kind === 'symlink') {
      await drainBody(body);
      result.linkTarget = header.linkname ?? '';
    } else {
      result.size = await this.writeFile(path, body, header);
    }
    this.entries.push(result);
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

  /** Streams one file into the sink through a counting TransformStream (limits, progress). */
  private async writeFile(path: string, body: ReadableStream<Uint8Array>, header: Header): Promise<number> {
    const watched = watchBody(body);
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        this.tracker.addBytes(chunk.length);
        this.report(false);
        controller.enqueue(chunk);
      },
    });
    this.started = true;
    try {
      await this.sink.writeFile(path, watched.stream.pipeThrough(counter));
    } catch (error) {
      // Our side (the archive, a limit) failing makes the sink fail too: report the cause.
      const ours = this.tracker.tripped ?? watched.failure();
      throw ours instanceof Error ? ours : new SinkFailure(error);
    }
    if (watched.bytes() < header.size) throw truncated(header.name);
    return watched.bytes();
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
class SinkFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'SinkFailure';
  }
}

/**
 * What a failure while reading means for the caller. Before anything was written or listed, a
 * gzip failure hands the archive to 7-Zip; afterwards the archive is damaged.
 */
function mapFailure(error: unknown, nothingYet: boolean): Error {
  if (error instanceof EngineError || error instanceof TarGzFallback) return error;
  if (error instanceof GzipFailure) {
    if (nothingYet) return new TarGzFallback(error.message, { cause: error });
    return error.kind === 'truncated'
      ? truncated(null, error.message)
      : new EngineError('CORRUPT_ARCHIVE', undefined, { kind: 'corrupt', cause: error.message });
  }
  return new EngineError('CORRUPT_ARCHIVE', undefined, { cause: error instanceof Error ? error.message : String(error) });
}

function truncated(entry: string | null, cause?: string): EngineError {
  const details: Record<string, unknown> = { kind: 'truncated' };
  if (entry !== null) details.entry = entry;
  if (cause !== undefined) details.cause = cause;
  return new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', details);
}

/** The tar's size from the last member's ISIZE field: a progress estimate, trusted only when plausible. */
async function estimateTarSize(source: ArchiveSource): Promise<number | null> {
  if (source.size < 18) return null;
  const tail = await source.read(source.size - 4, 4);
  if (tail.length < 4) return null;
  const isize = ((tail[0] ?? 0) | ((tail[1] ?? 0) << 8) | ((tail[2] ?? 0) << 16) | ((tail[3] ?? 0) << 24)) >>> 0;
  return isize >= source.size / 2 ? isize : null;
}
