import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import { DETECT_HEAD_BYTES, detectFormat, type DetectedFormat } from './detect.js';
import { EngineError, toEngineError } from './engine-error.js';
import { unlessFallback } from './fallback.js';
import type { NativeCodec } from './native-codec.js';
import type { InputMounter, OutputSink } from './output-sink.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions } from './types.js';
import { extractWithSevenZip, listWithSevenZip, type SevenZipJob } from '../sevenzip/sevenzip-backend.js';
import type { SevenZipFactory } from '../sevenzip/sevenzip-module.js';
import { extractLzip, listLzip } from '../sevenzip/lzip-backend.js';
import { extractIso, IsoFallback, listIso } from '../iso/iso-backend.js';
import { extractTarGz, listTarGz, TarGzFallback } from '../tar/tar-gz-backend.js';
import { STREAM_READERS, type StreamInfo, type StreamReader } from './stream-readers.js';

/**
 * Backends whose libraries take long to load (zip.js, hash-wasm) are loaded when an archive first
 * needs them: a Node worker started for a 7z loaded the whole engine in ~110 ms, without these ~55 ms.
 */
const zipBackend = () => import('../zip/zip-backend.js');
const lz4Backend = () => import('../lz4/lz4-backend.js');
const xarCheck = () => import('../xar/xar-toc-check.js');

/** Loads every backend now, for a host that has time before its request (a prepared browser worker). */
export function preloadBackends(): Promise<unknown> {
  return Promise.all([zipBackend(), lz4Backend(), xarCheck()]);
}

/** What a host hands the engine: the archive's parts, how to load 7-Zip, how 7-Zip sees the parts. */
export interface EngineInput {
  sources: readonly ArchiveSource[];
  sevenZip: SevenZipFactory;
  mountInputs: InputMounter;
  /** The limits that apply when the caller sets none (server or browser defaults). */
  defaultLimits?: ExtractionLimits;
  /** Faster native codecs, where the host has them (Node's zlib). */
  codec?: NativeCodec;
}

export async function detect(source: ArchiveSource): Promise<DetectedFormat | null> {
  return detectFormat(await readHead(source));
}

/** What `detectFormat` needs of an archive's first part. */
function readHead(source: ArchiveSource): Promise<Uint8Array> {
  return source.read(0, Math.min(source.size, DETECT_HEAD_BYTES));
}

export async function list(input: EngineInput, options: OperationOptions = {}): Promise<ListResult> {
  return guarded(async () => {
    const job = await prepare(input, options);
    if (job.fast === 'zip') {
      const { listZip, ZipFallback } = await zipBackend();
      const result = await unlessFallback(() => listZip(job.sources, options), ZipFallback);
      if (result) return result;
    } else if (job.fast === 'stream') {
      const source = job.sources[0] as ArchiveSource;
      const reader = STREAM_READERS[job.format ?? 'tar'] as StreamReader;
      const result = await unlessFallback(
        () => reader.list(source.stream(), options, streamInfo(source, job.format)),
        reader.fallback,
      );
      if (result) return result;
    } else if (job.format === 'gz' && job.sources.length === 1) {
      // 7-Zip would list only the .tar inside; the streaming reader lists its entries (any host).
      const result = await unlessFallback(
        () => listTarGz(job.sources[0] as ArchiveSource, options, input.codec?.gunzip),
        TarGzFallback,
      );
      if (result) return result;
    }
    if (job.format === 'iso' && job.sources.length === 1) {
      const result = await unlessFallback(() => listIso(job.sources[0] as ArchiveSource, options), IsoFallback);
      if (result) return result;
    }
    if (job.format === 'lz' && job.sources.length === 1) return listLzip(job);
    if (job.format === 'xar') await (await xarCheck()).checkXarArchive(job.sources[0] as ArchiveSource);
    if (job.format === 'lz4' && job.sources.length === 1)
      return (await lz4Backend()).listLz4(job.sources[0] as ArchiveSource, job.limits, options);
    return listWithSevenZip(job);
  });
}

export async function extract(input: EngineInput, sink: OutputSink, options: OperationOptions = {}): Promise<ExtractResult> {
  return guarded(async () => {
    const job = await prepare(input, options);
    try {
      if (job.fast === 'zip') {
        const { extractZip, ZipFallback } = await zipBackend();
        const result = await unlessFallback(() => extractZip(job.sources, sink, job.limits, options, input.codec), ZipFallback);
        if (result) return result;
      } else if (job.fast === 'stream') {
        const source = job.sources[0] as ArchiveSource;
        const reader = STREAM_READERS[job.format ?? 'tar'] as StreamReader;
        const info = streamInfo(source, job.format);
        const result = await unlessFallback(
          () => reader.extract(source.stream(), sink, job.limits, options, info),
          reader.fallback,
        );
        if (result) return result;
      } else if (job.fast === 'tar.gz') {
        const result = await unlessFallback(
          () => extractTarGz(job.sources[0] as ArchiveSource, sink, job.limits, options, input.codec?.gunzip),
          TarGzFallback,
        );
        if (result) return result;
      }
      if (job.format === 'iso' && job.sources.length === 1) {
        const result = await unlessFallback(
          () => extractIso(job.sources[0] as ArchiveSource, sink, job.limits, options),
          IsoFallback,
        );
        if (result) return result;
      }
      if (job.format === 'lz' && job.sources.length === 1) return await extractLzip(job, sink);
      if (job.format === 'xar') await (await xarCheck()).checkXarArchive(job.sources[0] as ArchiveSource);
      if (job.format === 'lz4' && job.sources.length === 1)
        return await (await lz4Backend()).extractLz4(job.sources[0] as ArchiveSource, sink, job.limits, options);
      return await extractWithSevenZip(job, sink).catch(async (error: unknown) => {
        const code = error instanceof EngineError ? error.code : null;
        const maybeZip = job.format === null || job.format === 'zip' || job.format === 'exe';
        if (job.sources.length !== 1 || !maybeZip || (code !== 'UNSUPPORTED_FORMAT' && code !== 'CORRUPT_ARCHIVE')) throw error;
        // A zip behind junk or padding has no signature at the start, so the zip path was not
        // tried; 7-Zip refuses such files, zip.js finds the central directory from the end.
        await sink.discard();
        // Whatever stops this second try (the zip backend not loading included), 7-Zip's answer stands.
        const fromTheEnd = await zipBackend()
          .then(({ extractZip, ZipFallback }) =>
            unlessFallback(() => extractZip(job.sources, sink, job.limits, options, input.codec), ZipFallback),
          )
          .catch(() => null);
        if (fromTheEnd) return fromTheEnd;
        throw error;
      });
    } catch (error) {
      await sink.discard();
      throw error;
    }
  });
}

interface PreparedJob extends SevenZipJob {
  fast: 'zip' | 'stream' | 'tar.gz' | null;
}

async function prepare(input: EngineInput, options: OperationOptions): Promise<PreparedJob> {
  const first = input.sources[0];
  if (!first) throw new EngineError('INTERNAL', 'No archive was given.');
  if (first.size === 0) throw new EngineError('UNSUPPORTED_FORMAT', 'The file is empty.');
  const limits = { ...(input.defaultLimits ?? SERVER_LIMITS), ...options.limits };
  const head = await readHead(first);
  const format = detectFormat(head);
  const single = input.sources.length === 1;
  const fast =
    !single || format === null
      ? null
      : format === 'zip'
        ? 'zip'
        : STREAM_READERS[format]
          ? 'stream'
          : format === 'gz'
            ? 'tar.gz'
            : null;
  return { factory: input.sevenZip, inputs: input.mountInputs, sources: input.sources, limits, options, head, format, fast };
}

function streamInfo(source: ArchiveSource, format: DetectedFormat | null): StreamInfo {
  return { format: format ?? 'tar', archiveBytes: source.size, bytesTotal: source.size };
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toEngineError(error);
  }
}
