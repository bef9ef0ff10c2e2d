import type { ExtractionLimits } from '@archive-opener/shared';
import type { DetectedFormat } from './detect.js';
import type { NativeCodec } from './native-codec.js';
import type { InputMounter, OutputSink } from './output-sink.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions, StreamInfo } from './types.js';
import type { SevenZipFactory } from '../sevenzip/sevenzip-module.js';
import type { SevenZipHelperHost } from '../sevenzip/helper-protocol.js';
import type { SevenZipShare } from '../sevenzip/share-plan.js';

/** Everything a backend is told about one operation: the same for every backend. */
export interface ArchiveJob {
  sources: readonly ArchiveSource[];
  limits: ExtractionLimits;
  options: OperationOptions;
  /** The first part's first DETECT_HEAD_BYTES, read once to detect the format. */
  head: Uint8Array;
  /** What `detectFormat` made of `head`. */
  format: DetectedFormat | null;
  /** Faster native codecs, where the host has them (Node's zlib). */
  codec?: NativeCodec;
  /** How to load 7-Zip, and how 7-Zip sees the archive's parts. */
  factory: SevenZipFactory;
  inputs: InputMounter;
  /** A second 7-Zip instance on another thread, for a 7z's separate solid blocks (where the host has one). */
  sevenZipHelper?: SevenZipHelperHost;
  /** Extract only this share of a 7z, another worker the other (sevenzip/share-plan.ts). */
  sevenZipShare?: SevenZipShare;
}

/** An error class a backend throws, before writing anything, for input that is not its own. */
export type FallbackError = new (...args: never[]) => Error;

/**
 * A reader of one family of archives (one folder of the engine). The engine walks the ordered
 * registry (core/registry.ts): the first backend that recognises the job reads it; one that throws
 * its `fallback` error hands the job on to the next that recognises it.
 */
export interface Backend {
  /**
   * The format it reads, as `detectFormat` names it ('tar', 'iso'…; '7-zip' for 7-Zip): the unwrap
   * step finds the reader of a payload's format by this name.
   */
  readonly name: string;
  /** Whether this backend takes the job, from what detection and the parts say (cheap, no reads). */
  recognise(job: ArchiveJob): boolean;
  /**
   * Whether this backend has a second go after an earlier one failed with `error` (a zip behind
   * junk, which only a reader that starts from the end finds). Its own failure leaves `error` standing.
   */
  rescues?(job: ArchiveJob, error: unknown, failedBackend: string): boolean;
  list(job: ArchiveJob): Promise<ListResult>;
  extract(job: ArchiveJob, sink: OutputSink): Promise<ExtractResult>;
  fallback?: FallbackError;
  /**
   * Reading the archive from one pass over its bytes (tar, cpio, LHA): what the unwrap step
   * (core/unwrap.ts) hands a payload that came out of a single-stream compressor.
   */
  stream?: StreamReader;
  /** Reading the archive from any readable source with random access (ISO): the same, for payloads that offer it. */
  random?: RandomAccessReader;
}

export interface StreamReader {
  list(stream: ReadableStream<Uint8Array>, options: OperationOptions, info: StreamInfo): Promise<ListResult>;
  extract(
    stream: ReadableStream<Uint8Array>,
    sink: OutputSink,
    limits: ExtractionLimits,
    options: OperationOptions,
    info: StreamInfo,
  ): Promise<ExtractResult>;
  fallback: FallbackError;
}

export interface RandomAccessReader {
  list(source: ArchiveSource, options: OperationOptions, format: string): Promise<ListResult>;
  extract(
    source: ArchiveSource,
    sink: OutputSink,
    limits: ExtractionLimits,
    options: OperationOptions,
    format: string,
  ): Promise<ExtractResult>;
  fallback: FallbackError;
}

/** The one archive file of a job whose backend reads only single-part archives. */
export function onlySource(job: ArchiveJob): ArchiveSource {
  const source = job.sources[0];
  if (!source || job.sources.length !== 1) throw new Error('A single-part backend was given several parts.');
  return source;
}

/** A backend for formats `detectFormat` names, read from a single part. */
export function singlePartOf(job: ArchiveJob, ...formats: readonly DetectedFormat[]): boolean {
  return job.sources.length === 1 && job.format !== null && formats.includes(job.format);
}

/**
 * The backend of a format our own one-pass reader reads (tar, cpio, LHA): from the archive's
 * own stream, and from payloads the unwrap step hands it.
 */
export function streamReaderBackend(format: DetectedFormat, reader: StreamReader): Backend {
  const info = (source: ArchiveSource): StreamInfo => ({ format, archiveBytes: source.size, bytesTotal: source.size });
  return {
    name: format,
    recognise: (job) => singlePartOf(job, format),
    list(job) {
      const source = onlySource(job);
      return reader.list(source.stream(), job.options, info(source));
    },
    extract(job, sink) {
      const source = onlySource(job);
      return reader.extract(source.stream(), sink, job.limits, job.options, info(source));
    },
    fallback: reader.fallback,
    stream: reader,
  };
}
