import type { ExtractionLimits } from '@archive-opener/shared';
import type { Entry, FileEntry } from '@zip.js/zip.js';
import { checkDeclaredLimits } from '../core/declared-limits.js';
import { EngineError } from '../core/engine-error.js';
import { LimitTracker } from '../core/limit-tracker.js';
import { NameAllocator } from '../core/name-allocator.js';
import type { EntryStamp, OutputSink } from '../core/output-sink.js';
import { ProgressReporter } from '../core/progress-reporter.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import {
  isWanted,
  type ArchiveSource,
  type ExtractedEntry,
  type ExtractResult,
  type ListedEntry,
  type ListResult,
  type OperationOptions,
} from '../core/types.js';
import type { NativeCodec } from '../core/native-codec.js';
import { verifyLocalHeader } from './local-header.js';
import { decodeNatively, suitsNativeCodec } from './native-entry.js';
import { pipeGzipFramed, suitsGzipFraming } from './gzip-framed-entry.js';
import type { EntryTarget } from './piece-writer.js';
import { copyStored, suitsStoredCopy } from './stored-entry.js';
import { pipeAesEntry, suitsAesStream } from './aes-stream-entry.js';
import { useHostInflate } from './host-inflate.js';
import type { CentralRecord } from './central-record.js';
import { messageOf, openZip, ZipFallback, type OpenedZip, type ZipItem } from './zip-archive.js';
import { classifyFailure, pipeEntry, readLinkTarget, SinkFailure } from './zip-streams.js';
import { decodeStoredText } from './zip-names.js';
import { shareLimits, shareOwners, type ZipShare } from './zip-share.js';

export { ZipFallback };

/**
 * The ZIP fast path: zip.js reads the archive by ranges and streams each entry to the sink.
 * Everything zip.js cannot do is found before the first write and handed to 7-Zip (ZipFallback).
 */
export async function listZip(sources: readonly ArchiveSource[], options: OperationOptions): Promise<ListResult> {
  const zip = await openZip(sources, options.namesEncoding);
  try {
    const entries = zip.items.map((item): ListedEntry => {
      const listed: ListedEntry = { name: item.name, type: item.type, size: item.size, encrypted: item.central.encrypted };
      if (item.modified !== null) listed.modified = new Date(item.modified).toISOString();
      if (item.rawName) listed.rawName = item.rawName;
      return listed;
    });
    new ProgressReporter(options.onProgress).phase('listing', 0, null, entries.length);
    return { format: 'zip', entries, encryptedHeaders: false };
  } finally {
    await zip.reader.close();
  }
}

/**
 * Extracts the archive, or with `share` only that share of its entries (zip-share.ts): paths
 * are still allocated over every entry, so that each share names its files as the whole would.
 */
export async function extractZip(
  sources: readonly ArchiveSource[],
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  codec?: NativeCodec,
  share?: ZipShare,
): Promise<ExtractResult> {
  useHostInflate(codec);
  const zip = await openZip(sources, options.namesEncoding);
  const password = options.password ? options.password : undefined;
  // An encrypted entry of no bytes hides nothing: it is written empty, password or not.
  const locked = zip.items.filter((item) => item.central.encrypted && item.type !== 'dir' && item.size > 0);
  if (!password && locked.length > 0) {
    throw new EngineError('PASSWORD_REQUIRED', undefined, { encryptedEntries: locked.length });
  }
  try {
    const entries = await writeAll(zip, sink, limits, options, password, codec, share);
    return { format: 'zip', entries, ...(zip.items.some((item) => item.central.encrypted) && { encrypted: true }) };
  } finally {
    await zip.reader.close();
  }
}

class Extraction {
  readonly tracker: LimitTracker;
  readonly progress: ProgressReporter;
  readonly allocator = new NameAllocator();
  readonly madeDirectories = new Set<string>();
  readonly entries: ExtractedEntry[] = [];
  readonly bytesTotal: number | null;
  /** Writes of natively decoded entries still under way: decoding the next overlaps them. */
  readonly pendingWrites: Promise<void>[] = [];
  /** What the entries of `pendingWrites` hold, packed and unpacked, in the same order. */
  readonly pendingBytes: number[] = [];

  constructor(
    readonly zip: OpenedZip,
    readonly sink: OutputSink,
    limits: ExtractionLimits,
    options: OperationOptions,
    readonly password: string | undefined,
    readonly codec: NativeCodec | undefined,
    written: readonly ZipItem[],
  ) {
    this.tracker = new LimitTracker(limits, zip.source.size);
    this.progress = new ProgressReporter(options.onProgress);
    const declared = written.reduce((sum, item) => sum + (item.type === 'file' ? item.size : 0), 0);
    this.bytesTotal = declared > 0 ? declared : null;
  }

  readonly onBytes = (count: number): void => {
    this.tracker.addBytes(count);
    this.report(false);
  };

  report(force: boolean): void {
    this.progress.report(
      {
        phase: 'extracting',
        bytesDone: this.tracker.bytesWritten,
        bytesTotal: this.bytesTotal,
        entriesDone: this.tracker.entriesCreated,
      },
      force,
    );
  }
}

async function writeAll(
  zip: OpenedZip,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  password: string | undefined,
  codec: NativeCodec | undefined,
  share: ZipShare | undefined,
): Promise<ExtractedEntry[]> {
  const owners = share ? shareOwners(zip.items, share.count) : null;
  const mine = owners && share ? zip.items.filter((_, index) => owners[index] === share.index) : zip.items;
  const ownLimits = owners && share ? shareLimits(limits, zip.items, owners, share, zip.source.size) : limits;
  const job = new Extraction(zip, sink, ownLimits, options, password, codec, mine);
  job.report(true);
  // The central directory declares every entry's size: what is over a limit is refused before a
  // write (the whole archive's, in every share).
  checkDeclaredLimits(
    zip.items.filter((item) => isWanted(options, item.name)),
    limits,
    zip.source.size,
  );
  const paths = allocatePaths(job, zip.items, options);
  if (owners && share) owners.forEach((owner, index) => owner !== share.index && (paths[index] = undefined));
  const zipJsEntry = zip.rereader();
  for (const [index, item] of zip.items.entries()) {
    const path = paths[index];
    if (path === undefined) continue;
    try {
      await writeItem(job, item, () => zipJsEntry(index), path);
    } catch (error) {
      await Promise.allSettled(job.pendingWrites);
      if (job.tracker.tripped) throw job.tracker.tripped;
      if (error instanceof SinkFailure) throw error.cause;
      if (error instanceof EngineError) throw error;
      const mapped = classifyFailure(error, item);
      if (mapped) throw mapped;
      // Something zip.js did not expect: 7-Zip starts again from an empty output.
      await sink.discard();
      throw new ZipFallback(`entry ${JSON.stringify(item.name)} failed (${messageOf(error)})`, { cause: error });
    }
  }
  // Decoding errors (coded) and the sink's own errors come out as they are, once every write has
  // ended: a write still running when the caller discards the output would leave its file behind.
  const failed = (await Promise.allSettled(job.pendingWrites)).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  job.report(true);
  return job.entries;
}

/**
 * Final paths for the entries, decided before anything is written. A name stored twice goes to
 * its last entry, as every native tool (and our 7-Zip path) has it; earlier ones keep their
 * bytes under `name (2)`. 7-Zip names a nameless entry after the archive ("data.zip" → "data").
 */
function allocatePaths(job: Extraction, items: readonly ZipItem[], options: OperationOptions): (string | undefined)[] {
  const safeNames = items.map((item) =>
    isWanted(options, item.name) ? toSafeRelativePath(item.name === '' ? archiveStem(job.zip.source.name) : item.name) : null,
  );
  const last = new Map<string, number>();
  safeNames.forEach((safe, index) => {
    if (safe !== null) last.set(safe, index);
  });
  const paths: (string | undefined)[] = new Array<string | undefined>(items.length);
  for (const latest of [true, false]) {
    items.forEach((item, index) => {
      const safe = safeNames[index];
      if (safe !== null && safe !== undefined && (last.get(safe) === index) === latest) {
        paths[index] = job.allocator.allocate(safe, item.type);
      }
    });
  }
  return paths;
}

/** Writes one entry: the engine reads it from its central record, zip.js only where the engine cannot (`zipJsEntry`). */
async function writeItem(job: Extraction, item: ZipItem, zipJsEntry: () => Promise<Entry>, path: string): Promise<void> {
  const entry = item.central;
  if (item.type === 'dir' && job.madeDirectories.has(path)) return;
  await makeParents(job, path);
  job.tracker.addEntry();
  const result: ExtractedEntry = { path, type: item.type, size: 0 };
  if (path !== item.name.replace(/\/+$/, '')) result.originalName = item.name;
  if (item.rawName) result.rawName = item.rawName;
  const getDataOptions = job.password === undefined ? {} : { password: job.password };
  const stamp: EntryStamp = { modified: item.modified, mode: item.mode };
  if (item.modified !== null) result.modified = item.modified;
  if (item.type === 'dir') {
    await sinkCall(() => job.sink.makeDirectory(path, stamp));
    job.madeDirectories.add(path);
  } else if (item.type === 'symlink') {
    await verifyLocalHeader(job.zip.source, entry, item.name, 'names and extra fields');
    const target = await readLinkTarget((await zipJsEntry()) as FileEntry, getDataOptions);
    if (target !== null) result.linkTarget = decodeStoredText(target, job.zip.names);
  } else if (item.central.encrypted && item.size === 0 && job.password === undefined) {
    await sinkCall(() => job.sink.writeFile(path, new Blob([]).stream(), stamp));
  } else if (job.codec && job.sink.writeBytes && suitsNativeCodec(entry, job.codec, job.password)) {
    result.size = await writeNatively(job, item, entry, { path, stamp }, job.codec);
  } else if (job.codec && job.password !== undefined && suitsAesStream(entry, job.codec, job.password)) {
    result.size = await pipeAesEntry(job.zip.source, entry, item.name, target(job, path, stamp), job.codec, job.password);
  } else if (suitsGzipFraming(entry)) {
    result.size = await pipeGzipFramed(job.zip.source, entry, item.name, target(job, path, stamp), job.codec);
  } else if (job.codec?.crc32Running && suitsStoredCopy(entry)) {
    result.size = await copyStored(
      job.zip.source,
      entry,
      item.name,
      target(job, path, stamp),
      job.codec.crc32Running.bind(job.codec),
    );
  } else {
    await verifyLocalHeader(job.zip.source, entry, item.name, 'names and extra fields');
    result.size = await pipeEntry((await zipJsEntry()) as FileEntry, target(job, path, stamp), getDataOptions);
  }
  job.entries.push(result);
}

/** Where an entry the engine streams itself goes, and what counts its bytes. */
const target = (job: Extraction, path: string, stamp: EntryStamp): EntryTarget => ({
  sink: job.sink,
  path,
  stamp,
  onBytes: job.onBytes,
});

/** Entries decoded and written by the host's codec at once, at most (zip-backend's writeNatively). */
const MAX_ENTRIES_IN_FLIGHT = 8;
/** The bytes they hold, packed and unpacked, past which no other starts until the oldest is done. */
const MAX_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/** Decodes with the host's codec and leaves the write running while the next entry decodes. */
async function writeNatively(
  job: Extraction,
  item: ZipItem,
  entry: CentralRecord,
  { path, stamp }: Pick<EntryTarget, 'path' | 'stamp'>,
  codec: NativeCodec,
): Promise<number> {
  const sink = job.sink;
  // Reading and writing overlap the next entries' decoding (measured in Node: the variant that
  // also inflated on libuv's pool was slower). The size is known: decoding checks it exactly.
  const task = decodeNatively(job.zip.source, entry, codec, item.name, job.password).then(async ({ data, storedAt }) => {
    job.onBytes(entry.uncompressedSize);
    // A stored entry, checked, may stay where it is in the archive (browser: no copy into a Blob).
    if (storedAt !== null && sink.referToSource?.(path, job.zip.source, storedAt, entry.uncompressedSize)) return;
    if (!sink.writeBytes) throw new Error('writeBytes vanished');
    await sink.writeBytes(path, data, stamp);
    // Only once written: a sink that keeps the bytes must keep them as they are.
    if (sink.writeBytesLetsGo) codec.release?.(data);
  });
  // Awaited later, in order; until then a failure must not count as unhandled.
  task.catch(() => undefined);
  job.pendingWrites.push(task);
  job.pendingBytes.push(entry.compressedSize + entry.uncompressedSize);
  // A few entries in flight keep the cores and the disk busy; small WinZip AES entries need more,
  // each waiting ~2 ms for its key on libuv's pool. The bytes held bound how many.
  while (
    job.pendingWrites.length >= MAX_ENTRIES_IN_FLIGHT ||
    (job.pendingWrites.length > 1 && job.pendingBytes.reduce((sum, bytes) => sum + bytes, 0) > MAX_BYTES_IN_FLIGHT)
  ) {
    job.pendingBytes.shift();
    try {
      await job.pendingWrites.shift();
    } catch (error) {
      throw new SinkFailure(error);
    }
  }
  return entry.uncompressedSize;
}

/** Parents no entry of their own names ("a/" for "a/b.txt") are created and reported as 7-Zip does. */
async function makeParents(job: Extraction, path: string): Promise<void> {
  const segments = path.split('/');
  for (let depth = 1; depth < segments.length; depth += 1) {
    const parent = segments.slice(0, depth).join('/');
    if (job.madeDirectories.has(parent)) continue;
    job.tracker.addEntry();
    await sinkCall(() => job.sink.makeDirectory(parent));
    job.madeDirectories.add(parent);
    job.entries.push({ path: parent, type: 'dir', size: 0 });
  }
}

async function sinkCall(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new SinkFailure(error);
  }
}

function archiveStem(archiveName: string): string {
  const base = archiveName.slice(Math.max(archiveName.lastIndexOf('/'), archiveName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
