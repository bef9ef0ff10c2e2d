import type { SevenZipModule } from '7z-wasm';
import type { ArchiveSource } from './types.js';

/**
 * Where extracted entries go; each host implements it (Node: a folder on disk, browser: memory).
 * Paths are final, safe and unique: the engine sanitises and de-duplicates them before calling.
 */
export interface OutputSink {
  /** JavaScript backends stream a file's bytes here. */
  writeFile(path: string, data: ReadableStream<Uint8Array>): Promise<void>;
  /**
   * A whole small file at once, as one array or as its pieces in order (a decoder's chunks: the
   * host joins them only if it must); hosts with a cheaper way than a stream offer it.
   */
  writeBytes?(path: string, data: Uint8Array | readonly Uint8Array[]): Promise<void>;
  /**
   * A file whose bytes are stored as they are in one archive part, from `offset`, and have been
   * checked already (size and CRC-32): a host that can keep a file as a range of its input
   * (the browser: a slice of the visitor's File) records it so, without a copy, and returns true.
   * Returning false (or not offering this) has the bytes written as usual.
   */
  referToSource?(path: string, source: ArchiveSource, offset: number, size: number): boolean;
  makeDirectory(path: string): Promise<void>;
  /** A second copy of a file already written (a hard link); without it links are reported only. */
  copyFile?(from: string, to: string): Promise<void>;
  /**
   * Makes an empty directory for 7-Zip to write into and returns its path inside the instance.
   * Names in it are kept exactly as 7-Zip gives them (names that are not valid text must not
   * collapse into one another, as they would in a folder on a real disk).
   */
  mountStaging(sz: SevenZipModule): string;
  /** Moves a file 7-Zip wrote (absolute path inside the instance) to its final place. */
  adoptStaged(sz: SevenZipModule, stagedPath: string, finalPath: string): Promise<void>;
  /** Removes the staging directory and anything still in it. */
  clearStaging(sz: SevenZipModule): Promise<void>;
  /** Removes everything written so far (the extraction failed). */
  discard(): Promise<void>;
}

/** The archive's parts made visible inside a 7-Zip instance. */
export interface InputMounter {
  /** Returns the instance path of the part to open (the others lie beside it under their names). */
  mount(sz: SevenZipModule): string;
}
