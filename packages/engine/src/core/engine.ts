import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import { DETECT_HEAD_BYTES, detectFormat, type DetectedFormat } from './detect.js';
import { EngineError, toEngineError } from './engine-error.js';
import type { ArchiveJob, Backend } from './backend.js';
import { HandOn } from './fallback.js';
import type { NativeCodec } from './native-codec.js';
import type { InputMounter, OutputSink } from './output-sink.js';
import { BACKENDS } from './registry.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions } from './types.js';
import type { SevenZipFactory } from '../sevenzip/sevenzip-module.js';
import { loadLz4Backend } from '../lz4/backend.js';
import { loadXarCheck } from '../xar/backend.js';
import { loadZipBackend } from '../zip/backend.js';
import type { SevenZipHelperHost } from '../sevenzip/helper-protocol.js';
import type { SevenZipShare } from '../sevenzip/share-plan.js';

/** Loads every backend now, for a host that has time before its request (a prepared browser worker). */
export function preloadBackends(): Promise<unknown> {
  return Promise.all([loadZipBackend(), loadLz4Backend(), loadXarCheck()]);
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
  /** A second 7-Zip instance on another thread (sevenzip/helper-protocol.ts), where the host has one. */
  sevenZipHelper?: SevenZipHelperHost;
  /** Only this share of a 7z (sevenzip/share-plan.ts), where the host runs several workers on it. */
  sevenZipShare?: SevenZipShare;
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
    return walkRegistry(job, (backend) => backend.list(job));
  });
}

export async function extract(input: EngineInput, sink: OutputSink, options: OperationOptions = {}): Promise<ExtractResult> {
  return guarded(async () => {
    const job = await prepare(input, options);
    try {
      // A second go starts from nothing: what the failed backend wrote is removed first.
      const result = await walkRegistry(
        job,
        (backend) => backend.extract(job, sink),
        () => sink.discard(),
      );
      await sink.finish?.();
      return result;
    } catch (error) {
      await sink.discard();
      throw error;
    }
  });
}

/**
 * Tries the registry's backends in order: the first that recognises the job and does not hand
 * it on gives the answer. When that one fails, backends that rescue such a failure have a go,
 * and if none succeeds (or one fails in turn, its code not loading included) the first failure stands.
 */
async function walkRegistry<T>(
  job: ArchiveJob,
  run: (backend: Backend) => Promise<T>,
  beforeRescue: () => Promise<void> = async () => undefined,
): Promise<T> {
  let failure: { error: unknown; backend: string } | null = null;
  for (const backend of BACKENDS) {
    if (!backend.recognise(job)) continue;
    try {
      const result = await handedOnAsNull(backend, () => run(backend));
      if (result !== null) return result;
    } catch (error) {
      failure = { error, backend: backend.name };
      break;
    }
  }
  if (!failure) throw new EngineError('INTERNAL', 'No backend read the archive.');
  for (const backend of BACKENDS) {
    if (!backend.rescues?.(job, failure.error, failure.backend)) continue;
    await beforeRescue();
    const rescued = await handedOnAsNull(backend, () => run(backend)).catch(() => null);
    if (rescued !== null) return rescued;
  }
  throw failure.error;
}

async function handedOnAsNull<T>(backend: Backend, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HandOn || (backend.fallback && error instanceof backend.fallback)) return null;
    throw error;
  }
}

async function prepare(input: EngineInput, options: OperationOptions): Promise<ArchiveJob> {
  const first = input.sources[0];
  if (!first) throw new EngineError('INTERNAL', 'No archive was given.');
  if (first.size === 0) throw new EngineError('UNSUPPORTED_FORMAT', 'The file is empty.');
  const limits = { ...(input.defaultLimits ?? SERVER_LIMITS), ...options.limits };
  const head = await readHead(first);
  const format = detectFormat(head);
  const job: ArchiveJob = {
    factory: input.sevenZip,
    inputs: input.mountInputs,
    sources: input.sources,
    limits,
    options,
    head,
    format,
  };
  if (input.codec) job.codec = input.codec;
  if (input.sevenZipHelper) job.sevenZipHelper = input.sevenZipHelper;
  if (input.sevenZipShare) job.sevenZipShare = input.sevenZipShare;
  return job;
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toEngineError(error);
  }
}
