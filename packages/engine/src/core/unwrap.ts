import type { ExtractionLimits } from '@archive-opener/shared';
import type { Backend } from './backend.js';
import { detectFormat, type DetectedFormat } from './detect.js';
import { unlessFallback } from './fallback.js';
import type { OutputSink } from './output-sink.js';
import { BACKENDS } from './registry.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions, StreamInfo } from './types.js';

/**
 * What came out of a single-stream compressor (gzip, bzip2, xz, zstd, lzip, LZ4…), whoever
 * decoded it: our gzip reader as a stream, our LZ4 decoder or 7-Zip's LZMA decoder whole, 7-Zip
 * into its file system.
 */
export interface Payload {
  /** The compressor's part of the format name: the result is `tar.${suffix}`, `cpio.${suffix}`… */
  suffix: string;
  /** The payload's first bytes (detect.ts's DETECT_HEAD_BYTES, or all of it when shorter). */
  head: Uint8Array;
  /** The payload's bytes, from the start; called once. */
  stream(): ReadableStream<Uint8Array>;
  /** Size of the payload when known, for progress. */
  size: number | null;
  /** Size of the archive itself, for the expansion-ratio limit. */
  archiveBytes: number;
  /** Random access to the payload, when it lies where it can be read at any offset (an ISO reader needs it). */
  source?: ArchiveSource;
  /** What a failure of the decoder itself means (a truncated gzip is not a damaged tar). */
  inputFailureKind?: (error: unknown) => 'truncated' | 'corrupt';
  /**
   * The reader tried when detection names no format we read. gzip's tar reader: a pre-POSIX tar
   * header detection misses (a name that looks like another signature) is still a tar to it.
   */
  otherwise?: Backend;
  /** Only these formats are opened when found inside (default: every one a backend reads from a payload). */
  opens?: readonly DetectedFormat[];
}

/**
 * The one unwrap step: detects what the payload holds and reads it with that format's backend
 * from the registry (its one-pass reader, or its random-access one when the payload offers it).
 * Null when no backend of ours reads it, or the backend handed it on: the caller decides (the
 * payload is then one plain file, or 7-Zip's to open).
 */
export async function extractPayload(
  payload: Payload,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
): Promise<ExtractResult | null> {
  const found = payloadReader(payload);
  if (!found) return null;
  const { backend, format } = found;
  const result =
    backend.random && payload.source
      ? await unlessFallback(
          () => backend.random!.extract(payload.source!, sink, limits, options, format),
          backend.random.fallback,
        )
      : await unlessFallback(
          () => backend.stream!.extract(payload.stream(), sink, limits, options, info(payload, format)),
          backend.stream!.fallback,
        );
  return result && { ...result, format };
}

export async function listPayload(payload: Payload, options: OperationOptions): Promise<ListResult | null> {
  const found = payloadReader(payload);
  if (!found) return null;
  const { backend, format } = found;
  const result =
    backend.random && payload.source
      ? await unlessFallback(() => backend.random!.list(payload.source!, options, format), backend.random.fallback)
      : await unlessFallback(
          () => backend.stream!.list(payload.stream(), options, info(payload, format)),
          backend.stream!.fallback,
        );
  return result && { ...result, format };
}

/** The backend that reads the payload's format, and the name of the result ('tar.gz'). */
function payloadReader(payload: Payload): { backend: Backend; format: string } | null {
  const detected = detectFormat(payload.head);
  const inner = detected && (!payload.opens || payload.opens.includes(detected)) ? detected : null;
  const readable = (backend: Backend) => Boolean(backend.stream || (backend.random && payload.source));
  const backend = BACKENDS.find((b) => b.name === inner && readable(b)) ?? payload.otherwise;
  if (!backend || !readable(backend)) return null;
  return { backend, format: `${backend.name}.${payload.suffix}` };
}

function info(payload: Payload, format: string): StreamInfo & Pick<Payload, 'inputFailureKind'> {
  const info: StreamInfo & Pick<Payload, 'inputFailureKind'> = {
    format,
    archiveBytes: payload.archiveBytes,
    bytesTotal: payload.size,
  };
  if (payload.inputFailureKind) info.inputFailureKind = payload.inputFailureKind;
  return info;
}
