import {
  getSupportedCompressionMethods,
  WARNING_MALFORMED_EXTRA_FIELD,
  WARNING_MISMATCHED_CENTRAL_DIRECTORY_OFFSET,
  WARNING_MISMATCHED_ZIP64_END_OF_CENTRAL_DIRECTORY,
  WARNING_MISSING_ZIP64_EXTRA_FIELD,
  WARNING_MULTIPLE_END_OF_CENTRAL_DIRECTORY,
  WARNING_PREPENDED_CENTRAL_DIRECTORY,
  WARNING_TRAILING_CENTRAL_DIRECTORY_DATA,
  WARNING_UNKNOWN_ZIP64_EXTENSIBLE_DATA,
  ZipReader,
  type Entry,
  type ZipReaderConstructorOptions,
} from '@zip.js/zip.js';
import type { ArchiveSource, EntryType } from '../core/types.js';
import { EngineError } from '../core/engine-error.js';
import { entryTime } from '../core/entry-time.js';
import { checkEndRecord } from './end-record-check.js';
import { centralRecordOf, type CentralRecord } from './central-record.js';
import { SourceReader } from './source-reader.js';
import { extraBlocks, MALFORMED_EXTRA_FIELD } from './zip-extra-fields.js';
import type { NamesEncoding } from '../names/names-encoding.js';
import { chooseLegacyDecoder, decodeStoredText, isAscii, isLegacyName, type NameDecoder } from './zip-names.js';
import { FLAG_STRONG_ENCRYPTION, METHOD_AES, METHOD_DEFLATE, METHOD_DEFLATE64, METHOD_STORE } from './zip-codes.js';

/**
 * Thrown when zip.js cannot handle an archive (a method it lacks, a split set, a structure it
 * cannot parse): the engine then hands the archive to 7-Zip, which has the final word.
 */
export class ZipFallback extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`zip.js cannot handle this archive: ${reason}`, options);
    this.name = 'ZipFallback';
  }
}

/**
 * One entry of the central directory, with what the engine needs to know about it. zip.js' own
 * entry object is not kept: with its closures, dates, maps and small arrays it took ~5.9 KB a
 * name, so 40,000 entries filled a server worker's 256 MB heap. The engine reads most entries
 * from `central` alone; `rereader()` reads zip.js' entries again, one at a time, for the few
 * that zip.js extracts itself.
 */
export interface ZipItem {
  /** Sizes, method, encryption and the rest the readers check: what the record itself says. */
  central: CentralRecord;
  /** The stored name, decoded (may be hostile: it is sanitised before use). */
  name: string;
  type: EntryType;
  /** Declared uncompressed size (`central.uncompressedSize`), as the engine's limit checks take it. */
  size: number;
  /** Last modification, ms since 1970, when the entry says. */
  modified: number | null;
  /** The Unix mode as stored, when the entry was made on Unix (its attributes or extra field say). */
  mode: number | null;
  /** The stored bytes of a name without the UTF-8 flag that is not ASCII (an own copy). */
  rawName?: Uint8Array;
}

export interface OpenedZip {
  reader: ZipReader<unknown>;
  source: ArchiveSource;
  items: ZipItem[];
  names: NameDecoder;
  /**
   * A fresh reading of zip.js' entries, started when first asked: the function returned gives the
   * entry of `items[index]`, for indexes that only grow. Reading the central directory again
   * costs as much as the first time (~20 µs an entry), so only an extraction that needs zip.js
   * for one of its entries pays it.
   */
  rereader(): (index: number) => Promise<Entry>;
}

export const READER_OPTIONS: ZipReaderConstructorOptions = {
  useWebWorkers: false,
  // Native DecompressionStream for deflate (zip.js' own inflater for deflate64 and where the
  // runtime lacks it). Measured in Node 20: zip.js' own inflater (`false`) was 1.3× faster on
  // one large entry and about 2× on thousands of small ones; Chromium is expected to differ.
  useCompressionStream: true,
  // The engine sanitises every name itself; zip.js must not refuse an archive for one bad name.
  filenameValidation: 'tolerant',
  checkCrc32: true,
  // The local header must agree with the central directory about the data (see native-entry.ts).
  checkLocalDirectory: true,
  checkLocalFilename: false,
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Central directory damage zip.js reads around (it guesses), where 7-Zip refuses the archive:
 * 7-Zip decides those. Benign oddities stay here: data before (self-extracting stub) or after the
 * archive, duplicate or unsorted names, more than 65535 entries without Zip64.
 */
const DAMAGE_WARNINGS = new Set([
  WARNING_MALFORMED_EXTRA_FIELD,
  WARNING_MISMATCHED_CENTRAL_DIRECTORY_OFFSET,
  WARNING_MISMATCHED_ZIP64_END_OF_CENTRAL_DIRECTORY,
  WARNING_MISSING_ZIP64_EXTRA_FIELD,
  WARNING_MULTIPLE_END_OF_CENTRAL_DIRECTORY,
  WARNING_PREPENDED_CENTRAL_DIRECTORY,
  WARNING_TRAILING_CENTRAL_DIRECTORY_DATA,
  WARNING_UNKNOWN_ZIP64_EXTENSIBLE_DATA,
]);

let decodableMethods: ReadonlySet<number> | null = null;

/** Methods zip.js decodes in this runtime: store, deflate, and deflate64 (its own inflater). */
function supportedMethods(): ReadonlySet<number> {
  decodableMethods ??= new Set(
    getSupportedCompressionMethods()
      .filter((m) => m.decompression === true && [METHOD_STORE, METHOD_DEFLATE, METHOD_DEFLATE64].includes(m.compressionMethod))
      .map((m) => m.compressionMethod),
  );
  return decodableMethods;
}

/**
 * Reads the central directory and decides, before anything is written, whether zip.js can do the
 * whole job. Anything it cannot do throws ZipFallback.
 */
export async function openZip(sources: readonly ArchiveSource[], namesEncoding?: NamesEncoding): Promise<OpenedZip> {
  const source = sources[0];
  if (sources.length !== 1 || !source) throw new ZipFallback('the archive has several parts');
  await checkEndRecord(source);
  const reader = new ZipReader<unknown>(new SourceReader(source), READER_OPTIONS);
  const items: ZipItem[] = [];
  /** Names not stored as UTF-8, as bytes, until every one is known: they choose the code page. */
  const legacy = new Map<ZipItem, Uint8Array>();
  let unsupported: string | null = null;
  let unreadable: string | null = null;
  try {
    for await (const entry of reader.getEntriesGenerator()) {
      if (unreadable === null && extraBlocks(entry.rawExtraField) === null) unreadable = entry.filename;
      const item = itemOf(entry);
      const reason: string | null = unsupported === null ? unsupportedReason(entry) : null;
      if (reason !== null) unsupported = `${reason} (entry ${JSON.stringify(entry.filename)})`;
      if (!entry.filenameUTF8) legacy.set(item, entry.rawFilename);
      items.push(item);
    }
  } catch (error) {
    throw new ZipFallback(`the central directory cannot be read (${messageOf(error)})`, { cause: error });
  }
  if (unreadable !== null) {
    throw new EngineError('CORRUPT_ARCHIVE', MALFORMED_EXTRA_FIELD, {
      entry: unreadable,
      problem: 'central extra field block runs past its end',
    });
  }
  const damage = (reader.warnings ?? []).find((warning) => DAMAGE_WARNINGS.has(warning.reason));
  if (damage) throw new ZipFallback(`the central directory is damaged (${damage.reason})`);
  if (unsupported !== null) throw new ZipFallback(unsupported);
  const names = chooseLegacyDecoder([...legacy.values()].filter(isLegacyName), namesEncoding);
  for (const [item, raw] of legacy) {
    item.name = decodeStoredText(raw, names);
    // zip.js' bytes are a view of its copy of the whole record (extra field, comment): a copy crosses to the page alone.
    if (!isAscii(raw)) item.rawName = raw.slice();
  }
  return { reader, source, items, names, rereader: () => rereadEntries(reader, items) };
}

function itemOf(entry: Entry): ZipItem {
  return {
    central: centralRecordOf(entry),
    name: entry.filename,
    type: typeOf(entry),
    size: entry.uncompressedSize,
    modified: entryTime(entry.lastModDate instanceof Date ? entry.lastModDate.getTime() : null),
    mode: entry.unixMode ?? null,
  };
}

function rereadEntries(reader: ZipReader<unknown>, items: readonly ZipItem[]): (index: number) => Promise<Entry> {
  let entries: AsyncGenerator<Entry> | null = null;
  /** The index of the entry `entries` yields next. */
  let next = 0;
  // The same bytes read twice: only a file changed in between could differ.
  const changed = () => new EngineError('CORRUPT_ARCHIVE', 'The archive changed while it was read.');
  return async (index) => {
    if (index < next) throw new Error(`zip.js' entries are read forwards only (${index} after ${next - 1})`);
    entries ??= reader.getEntriesGenerator();
    for (;;) {
      const read = await entries.next();
      const item = items[next];
      if (read.done || item?.central.offset !== read.value.offset) throw changed();
      next += 1;
      if (next - 1 === index) return read.value;
    }
  };
}

function unsupportedReason(entry: Entry): string | null {
  if (entry.diskNumberStart !== 0) return 'the archive spans several disks';
  // A NUL byte cuts the name short in C readers: 7-Zip decides what such an archive holds.
  if (entry.rawFilename.includes(0)) return 'a NUL byte in the name';
  if (entry.directory) return null;
  const flags = entry.rawBitFlag ?? 0;
  if (entry.encrypted && (flags & FLAG_STRONG_ENCRYPTION) !== 0) return 'PKWARE strong encryption';
  const aes = entry.extraFieldAES;
  if (aes) {
    if (aes.originalCompressionMethod !== METHOD_AES) return `an AES extra field with method ${aes.originalCompressionMethod}`;
    if (!aes.strength || aes.strength < 1 || aes.strength > 3) return `AES strength ${aes.strength}`;
  } else if (entry.compressionMethod === METHOD_AES) {
    return 'AES without its extra field';
  }
  if (!supportedMethods().has(entry.compressionMethod)) return `compression method ${entry.compressionMethod}`;
  return null;
}

function typeOf(entry: Entry): EntryType {
  if (entry.directory) return 'dir';
  const unixMode = (entry.externalFileAttributes >>> 16) & 0xffff;
  return (unixMode & S_IFMT) === S_IFLNK || entry.symlink ? 'symlink' : 'file';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
