import type { ExtractionLimits } from '@archive-opener/shared';
import { DETECT_HEAD_BYTES, detectFormat } from './detect.js';
import { NameAllocator } from './name-allocator.js';
import type { OutputSink } from './output-sink.js';
import { toSafeRelativePath } from './safe-path.js';
import { STREAM_READERS } from './stream-readers.js';
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
  const inner = detectFormat(new Uint8Array(await payload.slice(0, DETECT_HEAD_BYTES).arrayBuffer()));
  const reader = inner ? STREAM_READERS[inner] : undefined;
  if (inner && reader) {
    const format = `${inner}.${suffix}`;
    try {
      const result = await reader.extract(payload.stream(), sink, limits, options, {
        format,
        archiveBytes: archive.size,
        bytesTotal: payload.size,
      });
      return { ...result, format };
    } catch (error) {
      if (!(error instanceof reader.fallback)) throw error;
    }
  }
  const name = decompressedName(archive.name) ?? `${archive.name}.out`;
  const path = new NameAllocator().allocate(toSafeRelativePath(name) ?? 'data', 'file');
  await sink.writeFile(path, payload.stream());
  return { format: suffix, entries: [{ path, type: 'file', size: payload.size }] };
}

export async function listDecodedPayload(
  payload: Blob,
  archive: ArchiveSource,
  suffix: string,
  options: OperationOptions,
): Promise<ListResult> {
  const inner = detectFormat(new Uint8Array(await payload.slice(0, DETECT_HEAD_BYTES).arrayBuffer()));
  const reader = inner ? STREAM_READERS[inner] : undefined;
  if (inner && reader) {
    const format = `${inner}.${suffix}`;
    try {
      const result = await reader.list(payload.stream(), options, {
        format,
        archiveBytes: archive.size,
        bytesTotal: payload.size,
      });
      return { ...result, format };
    } catch (error) {
      if (!(error instanceof reader.fallback)) throw error;
    }
  }
  const name = decompressedName(archive.name) ?? `${archive.name}.out`;
  return { format: suffix, entries: [{ name, type: 'file', size: payload.size, encrypted: false }], encryptedHeaders: false };
}
