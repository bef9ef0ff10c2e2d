import type { SevenZipModule } from '7z-wasm';
import type { ArchiveSource } from './types.js';
import type { SevenZipSpool } from '../sevenzip/staging.js';

/**
 * What an entry's header says of it besides its bytes, for a sink that keeps it (a folder on
 * disk restores both, as native tools do). Null where the archive does not say.
 */
export interface EntryStamp {
  /** Last modification, ms since 1970. */
  modified: number | null;
  /** The Unix mode as stored (tar, cpio, LHA, a zip made on Unix); the sink decides which bits it keeps. */
  mode: number | null;
}

/**
 * Where extracted entries go; each host implements it (Node: a folder on disk, browser: memory).
 * Paths are final, safe and unique: the engine sanitises and de-duplicates them before calling.
 * Files arrive as a stream (opened, written in order, closed); folders as calls; links are
 * reported in the result only. The optional members are faster ways a host may offer.
 */
export interface OutputSink {
  /** JavaScript backends stream a file's bytes here. */
  writeFile(path: string, data: ReadableStream<Uint8Array>, stamp?: EntryStamp): Promise<void>;
  /**
   * A whole small file at once, as one array or as its pieces in order (a decoder's chunks: the
   * host joins them only if it must); hosts with a cheaper way than a stream offer it.
   */
  writeBytes?(path: string, data: Uint8Array | readonly Uint8Array[], stamp?: EntryStamp): Promise<void>;
  /**
   * True when `writeBytes` keeps no reference to the bytes once its promise settles (it wrote or
   * copied them): the engine may then hand that memory to the next entry.
   */
  readonly writeBytesLetsGo?: boolean;
  /**
   * A file whose bytes are stored as they are in one archive part, from `offset`, and have been
   * checked already (size and CRC-32): a host that can keep a file as a range of its input
   * (the browser: a slice of the visitor's File) records it so, without a copy, and returns true.
   * Returning false (or not offering this) has the bytes written as usual.
   */
  referToSource?(path: string, source: ArchiveSource, offset: number, size: number): boolean;
  makeDirectory(path: string, stamp?: EntryStamp): Promise<void>;
  /** A second copy of a file already written (a hard link); without it links are reported only. */
  copyFile?(from: string, to: string): Promise<void>;
  /**
   * A faster way for 7-Zip's output to reach this sink (optional): sevenzip/staging.ts attaches
   * it to the folder 7-Zip extracts into. Without it, 7-Zip's files arrive as `writeBytes`.
   */
  spoolSevenZip?(): SevenZipSpool;
  /**
   * The extraction succeeded and nothing more will be written: what must come last is done now
   * (a folder's time, which each file written into it changes).
   */
  finish?(): Promise<void>;
  /** Removes everything written so far (the extraction failed). */
  discard(): Promise<void>;
}

/** The archive's parts made visible inside a 7-Zip instance. */
export interface InputMounter {
  /** Returns the instance path of the part to open (the others lie beside it under their names). */
  mount(sz: SevenZipModule): string;
  /** Shows the view of the (single-part) archive as one file; returns its instance path. */
  mountView(sz: SevenZipModule, view: ArchiveView): string;
}

/**
 * A 7z made of `head`, the archive's bytes from `from` to `to`, and `tail`, opened under `name`:
 * part of a solid block made an archive of its own (sevenzip/block-cut.ts).
 */
export interface ArchiveView {
  name: string;
  head: Uint8Array;
  from: number;
  to: number;
  tail: Uint8Array;
}
