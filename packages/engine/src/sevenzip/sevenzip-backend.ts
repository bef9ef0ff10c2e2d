import type { ArchiveJob } from '../core/backend.js';
import { DETECT_HEAD_BYTES, detectFormat } from '../core/detect.js';
import { checkDeclaredLimits } from '../core/declared-limits.js';
import { EngineError } from '../core/engine-error.js';
import { LimitTracker } from '../core/limit-tracker.js';
import type { OutputSink } from '../core/output-sink.js';
import { ProgressReporter } from '../core/progress-reporter.js';
import type { ExtractResult, ListResult } from '../core/types.js';
import { contained, mapSevenZipFailure } from './error-map.js';
import { guardFileSystem, type GuardedOutput, type StagedEntry } from './fs-guard.js';
import { copyHardLinks } from './hard-links.js';
import { decompressedName } from './stream-name.js';
import { rar4SymlinkNames } from './rar4-links.js';
import { adoptAll, type Step } from './adopt-staged.js';
import { extractStaged } from './staged-payload.js';
import { namesKeptAsListed } from './names-kept.js';
import { stageIn } from './staging.js';
import { scanSevenZipHeader, type SevenZipHeaderScan } from './kdf-scan.js';
import { createSevenZip, runCommand, type RunOutput, type SevenZipModule } from './sevenzip-module.js';
import { kdfCyclesFromMethods, SltParser, type SltListing } from './slt-listing.js';
import { baseSwitches } from './switches.js';
import { stoppedByOther, writeNameList } from './helper-instance.js';
import { sharePlan } from './share-plan.js';
import { splitFolders } from './folder-split.js';
import { mayCutInsideBlock } from './block-cut.js';
import { mergeHelperEntries } from './helper-merge.js';
import { helperEntries, splitFailure, startSplit } from './split-run.js';
import { reportedPart, stagedPart } from './part-crc.js';
import { sumPartAsWritten } from './part-sum.js';

/** 7-Zip is told what every backend is told (core/backend.ts). */
export type SevenZipJob = ArchiveJob;

/** 7-Zip's names of single-stream compressors, and the suffix each adds to a format name. */
const STREAM_SUFFIX: Record<string, string> = {
  gzip: 'gz',
  bzip2: 'bz2',
  xz: 'xz',
  zstd: 'zst',
  lzma: 'lzma',
  lzma86: 'lzma',
  z: 'Z',
  lzip: 'lz',
  lz4: 'lz4',
  brotli: 'br',
  rpm: 'rpm',
  // Our own names, for payloads found while unwrapping (x.tar.gz.gz).
  gz: 'gz',
  bz2: 'bz2',
  zst: 'zst',
  lz: 'lz',
};
/**
 * What is opened in turn when it comes out of such a stream: archives. A compressed stream inside
 * a compressed stream is left as the file it is (as gzip -d would), except an RPM's payload.
 */
const UNWRAPPABLE = new Set(['tar', 'cpio', 'iso']);
const COMPRESSED = new Set(['gz', 'bz2', 'xz', 'zst', 'lz', 'lz4', 'Z']);

export async function listWithSevenZip(job: SevenZipJob): Promise<ListResult> {
  const scan = scanHeader(job);
  const { sz, output } = await createSevenZip(job.factory);
  const archivePath = job.inputs.mount(sz);
  const listing = await openListing(sz, output, archivePath, job, await scan);
  const result: ListResult = {
    format: formatName(listing.type),
    entries: listing.entries,
    encryptedHeaders: listing.headerEncrypted,
  };
  // Whether the browser may extract it in two workers (share-plan.ts); a cut inside a block is
  // told only when extracting (it reads the packed stream), so it is offered here where it may be.
  if (splitFolders(listing, 2, job.options) || mayCutInsideBlock(listing, 2, job.options)) result.splitsInTwo = true;
  return result;
}

export async function extractWithSevenZip(job: SevenZipJob, sink: OutputSink): Promise<ExtractResult> {
  const scan = scanHeader(job);
  const { sz, output } = await createSevenZip(job.factory);
  const archivePath = job.inputs.mount(sz);
  const listing = await openListing(sz, output, archivePath, job, await scan);
  const passwordGiven = Boolean(job.options.password);
  const encrypted = listing.headerEncrypted || listing.entries.some((e) => e.encrypted);
  if (!passwordGiven && listing.entries.some((e) => e.encrypted)) {
    throw new EngineError('PASSWORD_REQUIRED', undefined, {
      encryptedEntries: listing.entries.filter((e) => e.encrypted).length,
    });
  }
  const archiveBytes = job.sources.reduce((sum, s) => sum + s.size, 0);
  checkDeclaredLimits(listing.entries, job.limits, archiveBytes);
  // One share of a 7z extracted by two browser workers: this worker's part of the entries.
  const share = job.sevenZipShare
    ? await sharePlan(listing, job.sources[0], job.sevenZipShare, job.limits, job.options, archiveBytes, job.codec)
    : null;
  if (share && share.entries.length === 0 && !share.cutFile) return { format: formatName(listing.type), entries: [] };
  const progress = new ProgressReporter(job.options.onProgress);
  const declared = share ? share.bytes : listing.entries.reduce((sum, e) => sum + (e.size ?? 0), 0);
  const bytesTotal = declared > 0 ? declared : null;
  const staging = stageIn(sz, sink);
  const root = staging.root;
  // Chosen entries are named to 7-Zip, except to the outer layer of a compressed stream.
  const wrapped = listing.type.toLowerCase() in STREAM_SUFFIX;
  // A 7z of several solid blocks may go to two instances, this one and one on another thread.
  /** Where this instance's commands extract to (more layers of a compressed stream go beside it). */
  const ownDir = `${root}/1`;
  const split = wrapped || share ? null : await startSplit(sz, job, listing, staging, archiveBytes, ownDir);
  // Where adoption keeps every name 7-Zip lists, this instance's files are written where they end
  // up: no staging, no move (names-kept.ts). At 100,000 files the moves were ~0.7 s on Node.
  const keptNames = !wrapped && !share && staging.writesInPlace ? namesKeptAsListed(listing) : null;
  if (keptNames) staging.writeInPlace(ownDir, keptNames);
  if (share && share.names.length > 0) writeNameList(sz, share.names);
  // Share 1 of a split inside a block reads the archive made around its part (block-cut.ts),
  // mounted before the file system is guarded, as the name list is written.
  const extractedPath = share?.view ? job.inputs.mountView(sz, share.view) : archivePath;
  // A file cut in two (file-cut.ts): this instance reads its first part from an archive of its own.
  const inFile = split?.split.inFile;
  const ownView = inFile?.ownView ?? share?.cutFile?.ownView;
  const ownViewPath = ownView ? job.inputs.mountView(sz, ownView) : null;
  // This instance's part of that file is summed as it is written (part-sum.ts): its first part,
  // or share 1's rest.
  const cutFile = share?.cutFile;
  const own = job.sevenZipShare?.index === 0;
  const ownPart = inFile?.name ?? (cutFile && (own ? cutFile.name : cutFile.partName));
  const codec = job.codec;
  const partPath = ownPart === undefined ? null : `${ownDir}/${ownPart}`;
  const partSum = partPath !== null && codec ? sumPartAsWritten(sz, root, partPath, (bytes) => codec.crc32(bytes)) : null;
  const tracker = new LimitTracker(share?.limits ?? job.limits, archiveBytes, split?.shared.tally);
  const report = () =>
    progress.report({ phase: 'extracting', bytesDone: tracker.bytesWritten, bytesTotal, entriesDone: tracker.entriesCreated });
  const guard = guardFileSystem(
    sz.FS,
    root,
    tracker,
    () => {
      if (split?.shared.stopped) throw stoppedByOther();
      report();
    },
    // Share 1's rest of a file cut in two is no entry of its own (share 0's first part is).
    cutFile && !own && partPath !== null ? { restOfCutFile: partPath.slice(root.length + 1) } : {},
  );
  progress.phase('extracting', 0, bytesTotal, 0);
  try {
    let step = extractStep(
      sz,
      output,
      extractedPath,
      ownDir,
      guard,
      tracker,
      job,
      wrapped ? undefined : job.options.only,
      share?.switches ?? split?.ownSwitches,
    );
    if (ownViewPath !== null) {
      const more = extractStep(sz, output, ownViewPath, ownDir, guard, tracker, job, undefined);
      step = { dir: step.dir, entries: [...step.entries, ...more.entries] };
    }
    if (split) {
      const firstSum = inFile ? (partSum?.sumOf(inFile.firstBytes) ?? null) : null;
      step = mergeHelperEntries(step, await helperEntries(split, report), listing, tracker, inFile, firstSum);
    }
    const part = cutFile ? stagedPart(sz, step, cutFile, own, partSum) : null;
    if (cutFile && !part) throw new Error(`A part of ${JSON.stringify(cutFile.name)} is missing or unsummed after the split.`);
    let format = formatName(listing.type);
    for (let depth = 1; ; depth += 1) {
      const inner = unwrapCandidate(sz, listing.type, step);
      if (!inner) break;
      if (depth > job.limits.maxNestingDepth) {
        throw new EngineError('LIMIT_EXCEEDED', 'The archive is nested too deeply.', {
          limit: 'nestingDepth',
          max: job.limits.maxNestingDepth,
        });
      }
      const viaReader = await extractStaged(sz, inner.path, inner.head, sink, job, format);
      if (viaReader) return encrypted ? { ...viaReader, encrypted } : viaReader;
      const next = extractStep(sz, output, inner.path, `${root}/${depth + 1}`, guard, tracker, job, job.options.only);
      sz.FS.unlink(inner.path);
      format = `${inner.format}.${format}`;
      step = next;
      listing.type = inner.format;
    }
    progress.phase('finalizing', tracker.bytesWritten, bytesTotal, tracker.entriesCreated);
    nameLoneStream(step, listing.type, job.sources[0]?.name ?? '');
    const rarLinks = listing.type.toLowerCase() === 'rar' ? await rar4SymlinkNames(job.sources) : new Set<string>();
    const adopted = share ? { ...listing, entries: share.entries } : listing;
    const entries = await adoptAll(sz, sink, staging, step, adopted, rarLinks, job.options);
    const filePart = part && cutFile ? reportedPart(part, entries, cutFile, own) : null;
    if (part && !filePart) throw new Error('A part of a file cut in two was not adopted.');
    return { format, entries, ...(encrypted && { encrypted }), ...(filePart && { filePart }) };
  } catch (error) {
    const failure = tracker.tripped ?? error;
    throw split ? await splitFailure(split, failure) : failure;
  } finally {
    await split?.helper.stop();
    await staging.close();
  }
}

function extractStep(
  sz: SevenZipModule,
  output: RunOutput,
  archivePath: string,
  dir: string,
  guard: GuardedOutput,
  tracker: LimitTracker,
  job: SevenZipJob,
  only: readonly string[] | undefined,
  extraSwitches: readonly string[] = [],
): Step {
  const before = guard.staged.length;
  // -spd: names are names, not wildcards; `--` ends the switches (a name may start with "-").
  const names = only ? ['-spd', '--', archivePath, ...only] : ['--', archivePath];
  // -aoa: 7-Zip replaces duplicates; the guard keeps the earlier copies (names never overwrite).
  const run = contained(
    () =>
      runCommand(sz, output, ['x', `-o${dir}`, '-y', '-aoa', ...baseSwitches(job.options.password), ...extraSwitches, ...names]),
    {
      passwordProblem: false,
      passwordGiven: Boolean(job.options.password),
      tracker,
    },
  );
  if (tracker.tripped) throw tracker.tripped;
  guard.settle();
  copyHardLinks(sz, run);
  const failure = mapSevenZipFailure(run, { passwordGiven: Boolean(job.options.password), recognised: true });
  if (failure) throw failure;
  const prefix = `${dir.slice(dir.lastIndexOf('/') + 1)}/`;
  const entries = guard.staged
    .slice(before)
    .filter((e) => e.stagedPath.startsWith(prefix))
    .map((e) => {
      const inStep: StagedEntry = { ...e, stagedPath: e.stagedPath.slice(prefix.length) };
      if (e.supersededName !== undefined) inStep.supersededName = e.supersededName.slice(prefix.length);
      return inStep;
    });
  return { dir, entries };
}

/** The file out of a plain compressed stream is named after the archive, like gzip -d does. */
function nameLoneStream(step: Step, outerType: string, archiveName: string): void {
  const only = step.entries[0];
  const lower = outerType.toLowerCase();
  if (step.entries.length !== 1 || only?.type !== 'file' || !(lower in STREAM_SUFFIX) || lower === 'rpm') return;
  const name = decompressedName(archiveName);
  if (name !== null && name !== only.stagedPath) only.preferredName = name;
}

/** A lone file out of a compressor (x.tar out of x.tar.gz) is opened in turn. */
function unwrapCandidate(
  sz: SevenZipModule,
  outerType: string,
  step: Step,
): { path: string; format: string; head: Uint8Array } | null {
  if (!(outerType.toLowerCase() in STREAM_SUFFIX)) return null;
  const files = step.entries.filter((e) => e.type === 'file');
  if (files.length !== 1 || step.entries.length !== 1) return null;
  const path = `${step.dir}/${files[0]?.stagedPath ?? ''}`;
  const head = readHead(sz, path, DETECT_HEAD_BYTES);
  const format = detectFormat(head);
  const wanted = format !== null && (UNWRAPPABLE.has(format) || (outerType.toLowerCase() === 'rpm' && COMPRESSED.has(format)));
  return wanted ? { path, format, head } : null;
}

function readHead(sz: SevenZipModule, path: string, length: number): Uint8Array {
  const stream = sz.FS.open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    const read = sz.FS.read(stream, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } finally {
    sz.FS.close(stream);
  }
}

/**
 * The 7z header check, from the head the format check read and the end header. Started before
 * the 7-Zip instance is made: on Node a read waits for the thread pool (three in turn cost 5-6 ms
 * of the bench 7z's listing) while the instance is set up.
 */
function scanHeader(job: SevenZipJob): Promise<SevenZipHeaderScan> {
  const first = job.sources[0];
  const scan = first ? scanSevenZipHeader(first, job.head) : Promise.resolve({ kdfCycles: null, headerEncrypted: false });
  // Awaited once the instance exists; a failure to make it must not leave this one unhandled.
  scan.catch(() => undefined);
  return scan;
}

async function openListing(
  sz: SevenZipModule,
  output: RunOutput,
  archivePath: string,
  job: SevenZipJob,
  scan: SevenZipHeaderScan,
): Promise<SltListing> {
  checkKdf(scan.kdfCycles, job.limits.maxKdfCyclesPower);
  const parser = new SltParser();
  const slt = ['l', '-slt', archivePath, ...baseSwitches(job.options.password)];
  const run = contained(() => runCommand(sz, output, slt, (line) => parser.line(line)), {
    passwordProblem: scan.headerEncrypted,
    passwordGiven: Boolean(job.options.password),
  });
  const failure = mapSevenZipFailure(run, {
    passwordGiven: Boolean(job.options.password),
    recognised: job.format !== null,
  });
  if (failure) throw failure;
  const listing = parser.result();
  listing.headerEncrypted ||= scan.headerEncrypted;
  checkKdf(kdfCyclesFromMethods(listing.methods), job.limits.maxKdfCyclesPower);
  return listing;
}

function checkKdf(cycles: number | null, max: number): void {
  if (cycles !== null && cycles > max) {
    throw new EngineError('LIMIT_EXCEEDED', `The archive's password protection is too costly to check (2^${cycles} rounds).`, {
      limit: 'kdfCost',
      max,
      actual: cycles,
    });
  }
}

function formatName(sevenZipType: string): string {
  const lower = sevenZipType.toLowerCase();
  return STREAM_SUFFIX[lower] ?? lower;
}
