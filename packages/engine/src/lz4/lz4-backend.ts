import { extractDecodedPayload, listDecodedPayload } from '../core/decoded-payload.js';
import type { OutputSink } from '../core/output-sink.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions } from '../core/types.js';
import type { ExtractionLimits } from '@archive-opener/shared';
import { decodeLz4 } from './lz4-frame.js';

/** LZ4 is decoded whole in memory: past this much output it is refused, whatever the limits say. */
const IN_MEMORY_MAX_BYTES = 1024 * 1024 * 1024;

/** .lz4 and .tar.lz4 (7-Zip has no LZ4 handler): decoded by our frame decoder, then as a payload. */
export async function extractLz4(
  source: ArchiveSource,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
): Promise<ExtractResult> {
  return extractDecodedPayload(await decodeWhole(source, limits), source, 'lz4', sink, limits, options);
}

export async function listLz4(source: ArchiveSource, limits: ExtractionLimits, options: OperationOptions): Promise<ListResult> {
  return listDecodedPayload(await decodeWhole(source, limits), source, 'lz4', options);
}

async function decodeWhole(source: ArchiveSource, limits: ExtractionLimits): Promise<Blob> {
  const decoded = await decodeLz4(await source.read(0, source.size), Math.min(limits.maxTotalBytes, IN_MEMORY_MAX_BYTES));
  return new Blob([decoded as BlobPart]);
}
