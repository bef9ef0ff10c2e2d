import type { GzipDecoderFactory } from './gzip-session.js';
import type { ExtractionLimits } from '@archive-opener/shared';
import type { OutputSink } from '../core/output-sink.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions } from '../core/types.js';
import { GzipFailure, gunzip } from './gzip-reader.js';
import { extractTarStream, listTarStream, type TarStreamInfo } from './tar-backend.js';

/**
 * The .tar.gz fast path: the platform's gzip decoder (DecompressionStream, see gzip-reader)
 * feeds our tar reader, and each file streams straight into the sink, all in one pass. 7-Zip
 * (WebAssembly) needs two passes for tar.gz and is about four times slower.
 */

/**
 * Thrown when this path cannot handle the input (not gzip, not a tar inside, gzip failing before
 * anything was written): the caller then uses 7-Zip. The same class as the plain tar path's.
 */
export { TarFallback as TarGzFallback } from './tar-backend.js';

export async function listTarGz(
  source: ArchiveSource,
  options: OperationOptions,
  decoder?: GzipDecoderFactory,
): Promise<ListResult> {
  return listTarStream(gunzip(source, decoder).stream, options, info(source, null));
}

export async function extractTarGz(
  source: ArchiveSource,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
  decoder?: GzipDecoderFactory,
): Promise<ExtractResult> {
  const estimate = await estimateTarSize(source);
  return extractTarStream(gunzip(source, decoder).stream, sink, limits, options, info(source, estimate));
}

function info(source: ArchiveSource, bytesTotal: number | null): TarStreamInfo {
  return {
    format: 'tar.gz',
    archiveBytes: source.size,
    bytesTotal,
    inputFailureKind: (error) => (error instanceof GzipFailure ? error.kind : 'corrupt'),
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
