import type { EngineError } from '../core/engine-error.js';
import type { NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource } from '../core/types.js';
import { GzipFailure, gunzip } from '../tar/gzip-reader.js';
import { gzipFrame, gzipMemberSource } from './gzip-member.js';
import { entryDataAt, incompleteEntry } from './local-header.js';
import { NATIVE_ENTRY_MAX_BYTES } from './native-entry.js';
import { corruptEntry, writeDecoded, type EntryTarget } from './piece-writer.js';
import { METHOD_DEFLATE } from './zip-codes.js';
import type { CentralRecord } from './central-record.js';

/**
 * Whether an entry is streamed as a gzip member (below): plainly deflated, its CRC-32 known,
 * and too large for the host's one-call inflate (zip/native-entry.ts).
 */
export function suitsGzipFraming(entry: CentralRecord): boolean {
  return (
    !entry.encrypted &&
    entry.signature !== undefined &&
    entry.compressionMethod === METHOD_DEFLATE &&
    (entry.compressedSize > NATIVE_ENTRY_MAX_BYTES || entry.uncompressedSize > NATIVE_ENTRY_MAX_BYTES)
  );
}

/**
 * Streams a large deflated entry into the sink through the reader a .tar.gz goes through
 * (tar/gzip-reader.ts), as one gzip member (zip/gzip-member.ts), so that the decoder checks its
 * CRC-32 and size as it inflates. The browser decodes that member in a worker of its own, as it
 * does a .tar.gz (host-browser/gunzip-offload.ts), while this worker writes; Node with zlib.
 * zip.js's own stream of such an entry went through five streams that copied every byte into
 * 256 KiB chunks: a 210 MB entry took 2.5 s in the site, against 0.67 s for 7zz
 * (docs/decisions/048-large-zip-entries-as-gzip-members.md). Returns the bytes written.
 */
export async function pipeGzipFramed(
  source: ArchiveSource,
  entry: CentralRecord,
  name: string,
  target: EntryTarget,
  codec: NativeCodec | undefined,
): Promise<number> {
  const size = entry.uncompressedSize;
  const dataAt = await entryDataAt(source, entry, name);
  const member = gzipMemberSource(source, dataAt, entry.compressedSize, gzipFrame(size, entry.signature ?? 0));
  const inflate = codec?.inflateStream;
  const reader = (codec?.gunzipSource?.(member) ?? gunzip(member, inflate && (() => inflate('gzip'))).stream).getReader();
  // The trailer holds the size mod 2^32 only: a lying entry is stopped at its size.
  return writeDecoded(reader, target, size, name, { asError: (error) => asEngineError(error, name) });
}

/** The decoder's failures are the archive's. */
function asEngineError(error: unknown, name: string): EngineError {
  if (error instanceof GzipFailure && error.kind === 'truncated') return incompleteEntry(name);
  return corruptEntry(name, error instanceof Error ? error.message : String(error));
}
