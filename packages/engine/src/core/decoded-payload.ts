import type { ExtractionLimits } from '@archive-opener/shared';
import { DETECT_HEAD_BYTES, detectFormat } from './detect.js';
import { unlessFallback } from './fallback.js';
import { NameAllocator } from './name-allocator.js';
import type { OutputSink } from './output-sink.js';
import { toSafeRelativePath } from './safe-path.js';
import { STREAM_READERS, type StreamInfo, type StreamReader } from './stream-readers.js';
import type { ArchiveSource, ExtractResult, ListResult, OperationOptions } from './types.js';
import { decompressedName } from '../sevenzip/stream-name.js';

/**
 * What comes out of a compressed stream we decode whole (lzip, LZ4): a tar or cpio goes through
 * our reader (`tar.lz4`), anything else is the archive's one file, named after it
 * (`notes.txt.lz4` → `notes.txt`). The expansion ratio still counts against the archive's size.
 */
export async function extractDecodedPayload(
  payload: Blob,
  archive: ArchiveSource,
  suffix: string,
  sink: OutputSink,
  limits: ExtractionLimits,
  options: OperationOptions,
): Promise<ExtractResult> {
  const inner = await innerReader(payload, archive, suffix);
  const read =
    inner &&
    (await unlessFallback(
      () => inner.reader.extract(payload.stream(), sink, limits, options, inner.info),
      inner.reader.fallback,
    ));
  if (inner && read) return { ...read, format: inner.info.format };
  const path = new NameAllocator().allocate(toSafeRelativePath(loneFileName(archive)) ?? 'data', 'file');
  await sink.writeFile(path, payload.stream());
  return { format: suffix, entries: [{ path, type: 'file', size: payload.size }] };
}

export async function listDecodedPayload(
  payload: Blob,
  archive: ArchiveSource,
  suffix: string,
  options: OperationOptions,
): Promise<ListResult> {
  const inner = await innerReader(payload, archive, suffix);
  const listed =
    inner && (await unlessFallback(() => inner.reader.list(payload.stream(), options, inner.info), inner.reader.fallback));
  if (inner && listed) return { ...listed, format: inner.info.format };
  const entry = { name: loneFileName(archive), type: 'file' as const, size: payload.size, encrypted: false };
  return { format: suffix, entries: [entry], encryptedHeaders: false };
}

/** Our reader for the payload's format (tar, cpio …), with what it needs to know; null when none. */
async function innerReader(
  payload: Blob,
  archive: ArchiveSource,
  suffix: string,
): Promise<{ reader: StreamReader; info: StreamInfo } | null> {
  const inner = detectFormat(new Uint8Array(await payload.slice(0, DETECT_HEAD_BYTES).arrayBuffer()));
  const reader = inner ? STREAM_READERS[inner] : undefined;
  if (!inner || !reader) return null;
  return { reader, info: { format: `${inner}.${suffix}`, archiveBytes: archive.size, bytesTotal: payload.size } };
}

function loneFileName(archive: ArchiveSource): string {
  return decompressedName(archive.name) ?? `${archive.name}.out`;
}
