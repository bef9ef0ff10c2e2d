/**
 * Safety limits for extraction (docs/decisions/017-limits-and-their-numbers.md). The engine
 * enforces them while it writes, not from declared sizes, so a lying header cannot get past them.
 */
export interface ExtractionLimits {
  /** Bytes written for one archive, all entries together. */
  maxTotalBytes: number;
  /** Entries (files, directories, links) created for one archive. */
  maxEntries: number;
  /** Bytes written ÷ archive size, checked once output passes `ratioGraceBytes`. */
  maxExpansionRatio: number;
  /** Output below this size never trips the ratio check: tiny archives of zeros are harmless. */
  ratioGraceBytes: number;
  /** 7z AES key derivation runs 2^n SHA-256 rounds; above this n the archive is refused. */
  maxKdfCyclesPower: number;
  /** Compressed streams unwrapped in turn (archive.tar.gz.xz …) before we stop. */
  maxNestingDepth: number;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const SERVER_LIMITS: ExtractionLimits = {
  maxTotalBytes: 2 * GiB,
  maxEntries: 100_000,
  maxExpansionRatio: 100,
  ratioGraceBytes: 256 * MiB,
  maxKdfCyclesPower: 24,
  maxNestingDepth: 3,
};

/**
 * V8 heap of a server extraction worker (7-Zip's WebAssembly memory is bounded by its own 32-bit
 * address space). The engine keeps its per-entry bookkeeping small enough that `maxEntries`
 * entries fit in it.
 */
export const SERVER_WORKER_HEAP_MB = 256;

export const BROWSER_LIMITS: ExtractionLimits = {
  ...SERVER_LIMITS,
  maxTotalBytes: 4 * GiB,
};

/** The largest archive the browser mode accepts (docs/decisions/002-one-set-of-numbers.md). */
export const MAX_BROWSER_ARCHIVE_BYTES = 2 * GiB;
/** The largest upload server mode accepts by default (`MAX_UPLOAD_MB`). */
export const DEFAULT_MAX_UPLOAD_MB = 50;

/**
 * Output bytes over archive bytes from which the page's safety summary mentions the expansion
 * by itself (docs/decisions/035-integrity-and-safety-report.md): text compresses some 5–10×, a
 * ratio this high is worth a look (the engine's limit stops far higher ones).
 */
export const NOTABLE_EXPANSION_RATIO = 20;
