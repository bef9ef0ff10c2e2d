import type { NativeCodec } from '../core/native-codec.js';
import type { ExtractionLimits } from '@archive-opener/shared';
import type { OutputSink } from '../core/output-sink.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions } from '../core/types.js';
import { GzipFailure, gunzip } from './gzip-reader.js';
import { DETECT_HEAD_BYTES } from '../core/detect.js';
import { peekStream } from '../core/peek-stream.js';
import { extractPayload, listPayload, type Payload } from '../core/unwrap.js';
import { TarFallback, tarBackend } from './tar-backend.js';

/**
 * gzip in one pass: the platform's gzip decoder (DecompressionStream, see gzip-reader), or the
 * host's (in the browser, the same reader in a worker of its own: host-browser/gunzip-offload.ts),
 * feeds the unwrap step (core/unwrap.ts), whose reader streams each file straight into the sink.
 * 7-Zip (WebAssembly) needs two passes for tar.gz and is about four times slower.
 */

/**
 * Thrown when this path cannot handle the input (not gzip, nothing inside we read, gzip failing
 * before anything was written): the caller then uses 7-Zip. The same class as the plain tar path's.
 */
export { TarFallback as TarGzFallback } from './tar-backend.js';

export async function listTarGz(source: ArchiveSource, options: OperationOptions, codec?: NativeCodec): Promise<ListResult> {
  const inside = await payload(source, null, codec);
  return (await listPayload(inside, options)) ?? handOn(inside);
}

export async function extractTarGz(
  source: ArchiveSource,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  codec?: NativeCodec,
): Promise<ExtractResult> {
  const estimate = await estimateTarSize(source);
  const inside = await payload(source, estimate, codec);
  return (await extractPayload(inside, sink, limits, options)) ?? handOn(inside);
}

/** Nothing inside is ours to read: the decoder stops, and 7-Zip has the archive. */
async function handOn(inside: Payload): Promise<never> {
  await inside
    .stream()
    .cancel()
    .catch(() => undefined);
  throw new TarFallback('The gzip stream holds nothing our readers read.');
}

async function payload(source: ArchiveSource, size: number | null, codec?: NativeCodec): Promise<Payload> {
  const inflate = codec?.inflateStream;
  const decoded = codec?.gunzipSource?.(source) ?? gunzip(source, inflate && (() => inflate('gzip'))).stream;
  const { head, stream } = await peekStream(decoded, DETECT_HEAD_BYTES);
  return {
    suffix: 'gz',
    head,
    stream: () => stream,
    size,
    archiveBytes: source.size,
    inputFailureKind: (error) => (error instanceof GzipFailure ? error.kind : 'corrupt'),
    otherwise: tarBackend,
    // What 7-Zip opens inside gzip (anything else there, an LHA archive too, stays one file, as it always has).
    opens: ['tar', 'cpio'],
  };
}
/** The tar's size from the last member's ISIZE field: a progress estimate, trusted only when plausible. */
async function estimateTarSize(source: ArchiveSource): Promise<number | null> {
  if (source.size < 18) return null;
  const tail = await source.read(source.size - 4, 4);
  if (tail.length < 4) return null;
  const isize = ((tail[0] ?? 0) | ((tail[1] ?? 0) << 8) | ((tail[2] ?? 0) << 16) | ((tail[3] ?? 0) << 24)) >>> 0;
  return isize >= source.size / 2 ? isize : null;
}
