import type { OutputSink } from '../core/output-sink.js';
import { growMemfsFilesByDoubling } from './memfs-growth.js';
import type { PartSum } from './part-sum.js';
import type { SevenZipModule } from './sevenzip-module.js';

/** Where 7-Zip extracts to, inside its own instance (its in-memory file system). */
const STAGING = '/out';

/**
 * A host's faster way to keep what 7-Zip writes (optional, see OutputSink.spoolSevenZip): the
 * bytes leave the instance as 7-Zip writes them (Node: straight into files on disk; the browser:
 * into Blobs), instead of piling up in the in-memory file system until the file is adopted.
 */
export interface SevenZipSpool {
  /** Starts taking the bytes of the files 7-Zip writes under `dir` of this instance. */
  attach(sz: SevenZipModule, dir: string): void;
  /**
   * Makes the staged file (absolute path inside the instance) the sink's file at `finalPath`.
   * False when the instance still holds its bytes: they are then written through the sink.
   */
  adopt(sz: SevenZipModule, stagedPath: string, finalPath: string): Promise<boolean>;
  /** The extraction ended or failed: lets go of whatever is still held. */
  close(): Promise<void>;
  /**
   * Where a second 7-Zip instance on another thread puts its files (Node: a folder of the sink's),
   * as data that crosses to that thread; the sink removes it with the rest. Optional, with
   * `adoptFromHelper`: without them every 7z is extracted by one instance. With `cut` (only
   * where `checkCutFile` is given), both parts of that file go into one file as they are written.
   */
  helperDestination?(cut?: CutFile): unknown;
  /** Makes a file the second instance handed over (`HelperEntry.taken`) the sink's file at `finalPath`. */
  adoptFromHelper?(taken: unknown, finalPath: string): Promise<void>;
  /**
   * Checks a file cut in two (`helperDestination`'s `cut`), adopted as `finalPath` once both
   * instances wrote their parts into it: `size` bytes and, when `crc` is given, its CRC-32, from
   * the parts' `sums` where both were summed as written (part-sum.ts), else read back; fails with
   * CORRUPT_ARCHIVE where either differs. Optional: without it no file is cut in two.
   */
  checkCutFile?(finalPath: string, size: number, crc: number | null, sums: CutSums): Promise<void>;
  /**
   * Has the files 7-Zip writes under `dir` (inside the instance) go straight where adoption puts
   * them, by the names 7-Zip gives them: adopting one then moves nothing. Called before 7-Zip
   * runs, and only where the listing proves that adoption keeps every name (names-kept.ts):
   * `names`, relative to `dir`; a file 7-Zip names otherwise still goes to staging. False where
   * the host cannot (its folder held files already). Optional: without it every file is staged.
   */
  writeInPlace?(dir: string, names: ReadonlySet<string>): boolean;
}

/**
 * A file cut in two between two instances (file-cut.ts): this one writes its first part as
 * `ownPath` (inside this instance), the second one the rest as `partName`, which follows the
 * first part's `offset` bytes.
 */
export interface CutFile {
  ownPath: string;
  partName: string;
  offset: number;
}

/** Both parts' CRC-32 sums as written (part-sum.ts), first part first; null where either was not summed. */
export type CutSums = readonly [PartSum, PartSum] | null;

/** 7-Zip's output folder inside its instance, and how its files reach the sink. */
export interface Staging {
  readonly root: string;
  /** Hands the staged file to the sink as `finalPath`, and removes it from the instance. */
  adopt(stagedPath: string, finalPath: string): Promise<void>;
  /** The sink's place for a second instance's files, when it can take them (SevenZipSpool.helperDestination). */
  helperDestination(cut?: CutFile): unknown;
  adoptFromHelper(taken: unknown, finalPath: string): Promise<void>;
  /** Whether the sink joins a file's two parts (SevenZipSpool.checkCutFile). */
  readonly joinsParts: boolean;
  checkCutFile(finalPath: string, size: number, crc: number | null, sums: CutSums): Promise<void>;
  /** Whether the sink can take files written where they end up (SevenZipSpool.writeInPlace). */
  readonly writesInPlace: boolean;
  /** SevenZipSpool.writeInPlace, where the sink has it; false where not. */
  writeInPlace(dir: string, names: ReadonlySet<string>): boolean;
  close(): Promise<void>;
}

/**
 * Makes the folder 7-Zip extracts into. Names in it are kept exactly as 7-Zip gives them (names
 * that are not valid text must not collapse into one another, as they would in a folder on a
 * real disk). Files reach the sink through its spool when it has one, else as ordinary writes.
 */
export function stageIn(sz: SevenZipModule, sink: OutputSink): Staging {
  sz.FS.mkdir(STAGING);
  growMemfsFilesByDoubling(sz, STAGING);
  const spool = sink.spoolSevenZip?.();
  spool?.attach(sz, STAGING);
  return {
    root: STAGING,
    async adopt(stagedPath, finalPath) {
      if (spool && (await spool.adopt(sz, stagedPath, finalPath))) return;
      const bytes = stagedBytes(sz, stagedPath);
      if (sink.writeBytes) await sink.writeBytes(finalPath, bytes);
      else await sink.writeFile(finalPath, new Blob([bytes as BlobPart]).stream());
      sz.FS.unlink(stagedPath);
    },
    helperDestination: (cut) => (spool?.adoptFromHelper ? spool.helperDestination?.(cut) : undefined),
    async adoptFromHelper(taken, finalPath) {
      if (!spool?.adoptFromHelper) throw new Error('This sink takes no files from another 7-Zip instance.');
      await spool.adoptFromHelper(taken, finalPath);
    },
    joinsParts: spool?.checkCutFile !== undefined,
    async checkCutFile(finalPath, size, crc, sums) {
      if (!spool?.checkCutFile) throw new Error('This sink joins no parts of files.');
      await spool.checkCutFile(finalPath, size, crc, sums);
    },
    writesInPlace: spool?.writeInPlace !== undefined,
    writeInPlace: (dir, names) => spool?.writeInPlace?.(dir, names) ?? false,
    async close() {
      await spool?.close();
    },
  };
}

/**
 * A staged file's bytes, taken from the in-memory file system without a copy: the file is
 * unlinked right after, so nothing else can change them. MEMFS keeps each file in a typed
 * array of its own (a copy, outside the WASM heap), of which `usedBytes` are the file; copying
 * them out with readFile cost ~50 ms and as much garbage for a 50 MB 7z in a CPU profile.
 */
function stagedBytes(sz: SevenZipModule, path: string): Uint8Array {
  const { contents, usedBytes } = sz.FS.lookupPath(path).node as unknown as { contents?: unknown; usedBytes?: unknown };
  // A file written in one go holds a copy sliced out of the WASM heap, an Int8Array: viewed as
  // bytes here. MEMFS never keeps a view of the heap itself (it copies when 7-Zip writes from
  // it), so these bytes are the file's alone and may move to the page.
  if (ArrayBuffer.isView(contents) && typeof usedBytes === 'number' && usedBytes <= contents.byteLength) {
    return new Uint8Array(contents.buffer, contents.byteOffset, usedBytes);
  }
  return sz.FS.readFile(path);
}
