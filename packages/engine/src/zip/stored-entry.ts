import { EngineError } from '../core/engine-error.js';
import type { RunningCrc32 } from '../core/native-codec.js';
import type { ArchiveSource } from '../core/types.js';
import { entryDataAt, incompleteEntry } from './local-header.js';
import { NATIVE_ENTRY_MAX_BYTES } from './native-entry.js';
import { writePieces, type EntryTarget } from './piece-writer.js';
import { METHOD_STORE } from './zip-codes.js';
import type { CentralRecord } from './central-record.js';

/** Bytes read, summed and written at a time. */
const PIECE_BYTES = 8 * 1024 * 1024;

/**
 * Whether an entry is copied by the engine itself (below): stored, not encrypted, its CRC-32
 * known, and too large to hold in one piece (zip/native-entry.ts takes smaller ones).
 */
export function suitsStoredCopy(entry: CentralRecord): boolean {
  return (
    !entry.encrypted &&
    entry.signature !== undefined &&
    entry.compressionMethod === METHOD_STORE &&
    entry.compressedSize === entry.uncompressedSize &&
    entry.uncompressedSize > NATIVE_ENTRY_MAX_BYTES
  );
}

/**
 * A large stored entry, whose bytes are the archive's: read in 8 MiB pieces and summed with the
 * host's CRC-32. Where the sink keeps a range of the archive itself (the browser: a range of the
 * visitor's File, nothing copied), the entry is summed first, then kept so; else it is written as
 * it is read, and a wrong sum fails its stream at the end. zip.js summed such an entry in
 * JavaScript, through its streams: a 210 MB one took 1.5 s in the site, against 0.24 s for 7zz
 * (docs/decisions/048-large-zip-entries-as-gzip-members.md). Returns the bytes written.
 */
export async function copyStored(
  source: ArchiveSource,
  entry: CentralRecord,
  name: string,
  target: EntryTarget,
  runningCrc: () => Promise<RunningCrc32>,
): Promise<number> {
  const { sink, path, onBytes } = target;
  const size = entry.uncompressedSize;
  const dataAt = await entryDataAt(source, entry, name);
  const pieces = async (count: (bytes: number) => void) => {
    const crc = await runningCrc();
    let at = 0;
    return async (): Promise<Uint8Array | null> => {
      if (at >= size) {
        if (crc.digest() !== (entry.signature ?? 0) >>> 0) {
          throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'size or CRC-32 mismatch' });
        }
        return null;
      }
      const piece = await source.read(dataAt + at, Math.min(PIECE_BYTES, size - at));
      if (piece.length === 0) throw incompleteEntry(name);
      at += piece.length;
      crc.update(piece);
      count(piece.length);
      return piece;
    };
  };
  let counted = false;
  if (sink.referToSource) {
    // Counted (limits and progress) as it is summed.
    const next = await pieces(onBytes);
    while ((await next()) !== null);
    if (sink.referToSource(path, source, dataAt, size)) return size;
    // A source the sink cannot keep a range of (an archive inside another): written after all.
    counted = true;
  }
  await writePieces(target, await pieces(counted ? () => undefined : onBytes), async () => undefined);
  return size;
}
