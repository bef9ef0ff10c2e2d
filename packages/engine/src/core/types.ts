import type { ExtractionLimits } from '@archive-opener/shared';
import type { NamesEncoding } from '../names/names-encoding.js';

/** One file of an archive (a multi-volume set has several), readable at any offset. */
export interface ArchiveSource {
  readonly name: string;
  readonly size: number;
  /** The bytes may share a buffer with other reads (a browser window): never change them. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * Optional: what `read` returned and nothing reads any more; the host may reuse its memory for
   * a later read (Node: fresh memory per entry cost a page fault per 4 KiB).
   */
  release?(bytes: Uint8Array): void;
  /** A sequential stream of the whole file; hosts give a faster one than repeated `read`s. */
  stream(): ReadableStream<Uint8Array>;
  /**
   * Optional: `read` at once, on this thread (Node). A 7z's split is planned between 7-Zip's
   * listing and its extraction, where the first turn of Node's event loop was seen to wait
   * 130-180 ms (docs/decisions/043-sevenzip-cut-inside-a-block.md); a few small reads cost less.
   */
  readNow?(offset: number, length: number): Uint8Array;
}

export type EntryType = 'file' | 'dir' | 'symlink';

/** An entry as the archive declares it, before anything is written. */
export interface ListedEntry {
  /** The name inside the archive, `/`-separated, exactly as stored (may be hostile). */
  name: string;
  type: EntryType;
  /** Declared uncompressed size; `null` when the format does not say (gz, some tars). */
  size: number | null;
  encrypted: boolean;
  modified?: string;
  linkTarget?: string;
  /**
   * The name's bytes as stored, when the format does not say their encoding and they are not
   * plain ASCII (zip without the UTF-8 flag, LHA, cpio): a page can read them in another code page
   * (docs/decisions/034-names-in-any-encoding.md). An own copy, never a view of a larger buffer.
   */
  rawName?: Uint8Array;
}

export interface ListResult {
  format: string;
  entries: ListedEntry[];
  /** True when names themselves are encrypted (7z/RAR header encryption). */
  encryptedHeaders: boolean;
  /** A 7z whose solid blocks split in two by name (sevenzip/share-plan.ts): two browser workers may share it. */
  splitsInTwo?: boolean;
}

/** An entry as written under the output root. */
export interface ExtractedEntry {
  /** Where it was written under the output root, `/`-separated, always safe. */
  path: string;
  /** The name as stored in the archive, when it differs from `path` (sanitised or renamed). */
  originalName?: string;
  type: EntryType;
  size: number;
  /** Last modification as the archive gives it, ms since 1970; absent where it does not. */
  modified?: number;
  linkTarget?: string;
  /**
   * The name's bytes as stored, when the format does not say their encoding and they are not
   * plain ASCII (zip without the UTF-8 flag, LHA, cpio): a page can read them in another code page
   * (docs/decisions/034-names-in-any-encoding.md). An own copy, never a view of a larger buffer.
   */
  rawName?: Uint8Array;
}

export interface ExtractResult {
  format: string;
  entries: ExtractedEntry[];
  /** True when the archive held encrypted entries or encrypted names (zip, 7z, RAR); absent otherwise. */
  encrypted?: boolean;
  /** One share's part of a file cut between two shares of a 7z (sevenzip/share-plan.ts); only ever on a share's result. */
  filePart?: FilePart;
}

/**
 * A part of a file that two browser workers each extracted one part of (sevenzip/file-cut.ts):
 * the page appends the `rest` to the `first` and checks the whole file's CRC-32, combined from
 * both parts' own, against `expectedCrc`.
 */
export interface FilePart {
  /** The part's path among this share's entries: the file's own for the first, a name of its own for the rest. */
  path: string;
  part: 'first' | 'rest';
  size: number;
  /** The part's own CRC-32. */
  crc: number;
  /** On the first part: the whole file's CRC-32 as the archive lists it, null where it lists none. */
  expectedCrc?: number | null;
}

export type ProgressPhase = 'reading' | 'listing' | 'extracting' | 'finalizing';

export interface Progress {
  phase: ProgressPhase;
  /** Bytes written so far (extracting) or read so far (reading). */
  bytesDone: number;
  /** Expected total when known from the listing, else `null`. */
  bytesTotal: number | null;
  entriesDone: number;
}

/** What a stream reader (tar, cpio, LHA) is told about the bytes it reads. */
export interface StreamInfo {
  /** The format named in the result ('tar', 'tar.gz', 'cpio'…). */
  format: string;
  /** Size of the archive file, for the expansion-ratio limit. */
  archiveBytes: number;
  /** The stream's expected size, for progress (null: unknown). */
  bytesTotal: number | null;
}

export interface OperationOptions {
  password?: string;
  /**
   * Extract only these entries, named as `list` reports them (`ListedEntry.name`); all when
   * absent. Folders on the way to them are created; the archive is still read as needed.
   */
  only?: readonly string[];
  limits?: Partial<ExtractionLimits>;
  /** Read names whose encoding the archive does not declare in this code page instead of guessing. */
  namesEncoding?: NamesEncoding;
  onProgress?: (progress: Progress) => void;
}

/** Whether an entry (by its stored name) is wanted under `only`; trailing slashes never matter. */
export function isWanted(options: OperationOptions, name: string): boolean {
  if (!options.only) return true;
  const bare = name.replace(/\/+$/, '');
  return options.only.some((wanted) => wanted.replace(/\/+$/, '') === bare);
}
