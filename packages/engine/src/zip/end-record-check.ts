import { EngineError } from '../core/engine-error.js';
import type { ArchiveSource } from '../core/types.js';

const END_SIGNATURE = 0x06054b50;
const END_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_END_BYTES = 56;
/** A central directory record is at least this long (its fixed part). */
const CENTRAL_RECORD_MIN_BYTES = 46;

/**
 * Checks the end of central directory record before any reader trusts it. zip.js and 7-Zip both
 * read around two kinds of damage that mean the file is not what it claims:
 * - a comment longer than what is left of the file (the file was cut short);
 * - an entry count the central directory cannot possibly hold (a corrupted or forged Zip64
 *   record; 7-Zip ignores it and counts, zip.js gives up and the archive would reach 7-Zip).
 * A count that merely wrapped past 65,535 without Zip64 is fine: real archives do that.
 * Finding no record at all is left to the readers (self-extracting files, other formats).
 */
export async function checkEndRecord(source: ArchiveSource): Promise<void> {
  const tailStart = Math.max(0, source.size - (END_BYTES + MAX_COMMENT_BYTES + ZIP64_LOCATOR_BYTES));
  const tail = await source.read(tailStart, source.size - tailStart);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let sawRecord = false;
  for (let at = tail.length - END_BYTES; at >= 0; at -= 1) {
    if (view.getUint32(at, true) !== END_SIGNATURE) continue;
    // The last record whose comment fits is the one readers use; an earlier signature may be
    // part of a comment or of appended data.
    sawRecord = true;
    if (at + END_BYTES + view.getUint16(at + 20, true) > tail.length) continue;
    await checkEntryCount(source, view, at, tailStart);
    return;
  }
  if (sawRecord) {
    throw new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', {
      kind: 'truncated',
      problem: 'the archive comment runs past the end of the file',
    });
  }
}

async function checkEntryCount(source: ArchiveSource, tail: DataView, end: number, tailStart: number): Promise<void> {
  const entries = tail.getUint16(end + 10, true);
  const directoryBytes = tail.getUint32(end + 12, true);
  if (directoryBytes !== 0xffffffff && entries !== 0xffff && entries * CENTRAL_RECORD_MIN_BYTES > directoryBytes) {
    throw impossibleCount();
  }
  const locator = end - ZIP64_LOCATOR_BYTES;
  if (locator < 0 || tail.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) return;
  const zip64Offset = tail.getBigUint64(locator + 8, true);
  if (zip64Offset + BigInt(ZIP64_END_BYTES) > BigInt(tailStart + locator)) return;
  const record = await source.read(Number(zip64Offset), ZIP64_END_BYTES);
  const zip64 = new DataView(record.buffer, record.byteOffset, record.byteLength);
  // A locator pointing at something else is the readers' problem (zip.js reports it, 7-Zip decides).
  if (record.length < ZIP64_END_BYTES || zip64.getUint32(0, true) !== ZIP64_END_SIGNATURE) return;
  if (zip64.getBigUint64(32, true) * BigInt(CENTRAL_RECORD_MIN_BYTES) > zip64.getBigUint64(40, true)) throw impossibleCount();
}

function impossibleCount(): EngineError {
  return new EngineError(
    'CORRUPT_ARCHIVE',
    'The archive is damaged: its central directory cannot hold the entries it declares.',
    {
      problem: 'entry count larger than the central directory',
    },
  );
}
