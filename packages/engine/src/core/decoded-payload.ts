import type { ExtractionLimits } from '@archive-opener/shared';
import { DETECT_HEAD_BYTES } from './detect.js';
import { NameAllocator } from './name-allocator.js';
import type { OutputSink } from './output-sink.js';
import { toSafeRelativePath } from './safe-path.js';
import { extractPayload, listPayload, type Payload } from './unwrap.js';
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
  const read = await extractPayload(await asPayload(payload, archive, suffix), sink, limits, options);
  if (read) return read;
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
  const listed = await listPayload(await asPayload(payload, archive, suffix), options);
  if (listed) return listed;
  const entry = { name: loneFileName(archive), type: 'file' as const, size: payload.size, encrypted: false };
  return { format: suffix, entries: [entry], encryptedHeaders: false };
}

/** The decoded bytes as the unwrap step's input (a stream only: as before, an ISO inside stays one file). */
async function asPayload(payload: Blob, archive: ArchiveSource, suffix: string): Promise<Payload> {
  const head = new Uint8Array(await payload.slice(0, DETECT_HEAD_BYTES).arrayBuffer());
  return { suffix, head, stream: () => payload.stream(), size: payload.size, archiveBytes: archive.size };
}

function loneFileName(archive: ArchiveSource): string {
  return decompressedName(archive.name) ?? `${archive.name}.out`;
}
