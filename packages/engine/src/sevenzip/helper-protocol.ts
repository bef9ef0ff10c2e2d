import type { ExtractionLimits } from '@archive-opener/shared';
import type { ArchiveView } from '../core/output-sink.js';
import type { PartSum } from './part-sum.js';
import type { SevenZipModule } from './sevenzip-module.js';

// What crosses to a second 7-Zip instance on another thread, which extracts some of a 7z's solid
// blocks while the first extracts the others (docs/decisions/038-sevenzip-on-both-cores.md).

/** A host's way to run a second 7-Zip instance on another thread (optional: ArchiveJob.sevenZipHelper). */
export interface SevenZipHelperHost {
  /** Cores this process may use (a split is made from 2). */
  readonly cores: number;
  /**
   * Starts the instance; `destination` is what the sink's spool gave for it (SevenZipSpool.helperDestination).
   * Settles once its thread is started: the caller then blocks its own thread in 7-Zip, and a
   * start still waiting for this thread's event loop would wait until then.
   */
  start(request: HelperRequest, destination: unknown): Promise<HelperRun>;
}

export interface HelperRequest {
  /** The files to extract, by their names in the listing. */
  names: string[];
  /** Read this archive made around part of the original, not the original (sevenzip/block-cut.ts). */
  view?: ArchiveView;
  password: string | undefined;
  limits: ExtractionLimits;
  /** The archive's size, for the expansion ratio (the same for every instance). */
  archiveBytes: number;
  /** The shared totals and stop flag (sevenzip/shared-tally.ts). */
  tally: SharedArrayBuffer;
  /** The rest of a file cut in two, among `names`: its CRC-32 is summed as it is written (part-sum.ts). */
  sumPart?: string;
}

export interface HelperRun {
  /** The instance's staged entries; rejects with the error it failed with (an ErrorShape-like EngineError). */
  readonly result: Promise<HelperEntry[]>;
  /** Ends the instance at once (the extraction failed elsewhere); settles once it has ended. */
  stop(): Promise<void>;
}

/** One thing the second instance made, relative to its output folder, in the order it made them. */
export interface HelperEntry {
  stagedPath: string;
  type: 'file' | 'dir' | 'symlink';
  size: number;
  /** A file's time as 7-Zip set it in that instance, ms since 1970 (null for the rest, and where no Date can hold it). */
  modified: number | null;
  linkTarget?: string;
  /** The file as the sink's spool can adopt it (SevenZipSpool.adoptFromHelper); files only. */
  taken?: unknown;
  /** The request's `sumPart` file's CRC-32, where it was written from start to end. */
  sum?: PartSum;
}

/** How the second instance's output leaves it: the host's spool for helpers (Node: disk files). */
export interface HelperOutput<Taken> {
  attach(sz: SevenZipModule, dir: string): void;
  /** The staged file, handed over whole; the instance keeps nothing of it. */
  take(sz: SevenZipModule, path: string): Taken;
  close(): void;
}
