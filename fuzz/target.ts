import type fc from 'fast-check';
import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import type { LengthField } from './mutations.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** One way of reading the input (the bare reader, its listing, its extraction) and what it may throw. */
export interface Phase {
  name: string;
  run(bytes: Uint8Array): Promise<unknown>;
  /** The reader's own errors besides EngineError ("not this format, let 7-Zip try"…). */
  expected: readonly ErrorClass[];
}

/** One reader under the fuzzer: how to run it on bytes, where its seeds come from. */
export interface FuzzTarget {
  name: string;
  /** The corpus formats whose single-part cases seed the mutations. */
  seedFormats: readonly string[];
  /** Length and offset fields of the format's header, for `field` mutations. */
  fields: readonly LengthField[];
  /** Headers repeat every `stride` bytes (tar); 0: the fields are relative to the file's start. */
  stride: number;
  /** Whole inputs built from the format's structure with random field values. */
  generator: fc.Arbitrary<Uint8Array>;
  /** Recomputes the format's checksums in place after mutation (fixups.ts), where it has some. */
  fixup?: (bytes: Uint8Array) => Uint8Array;
  /** Every phase runs on every input, in this process. */
  phases: readonly Phase[];
}

/**
 * Limits small enough that a mutant cannot make the fuzzer itself run out of memory: past them a
 * reader must refuse with LIMIT_EXCEEDED, which is an answer like any other.
 */
export const FUZZ_LIMITS: ExtractionLimits = {
  ...SERVER_LIMITS,
  maxTotalBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
  ratioGraceBytes: 8 * 1024 * 1024,
};

/** Stream chunks of an odd size, so that headers straddle chunk boundaries. */
export const STREAM_CHUNK = 777;

interface PieceReader {
  next(): Promise<{ read(): Promise<Uint8Array | null> } | null>;
  cancel(reason?: unknown): Promise<void>;
}

/**
 * Reads every entry and all of its content straight from a reader, as far as the fuzz limits
 * go (a sparse file may claim terabytes of zeros; refusing that is the extraction's job).
 */
export async function drain(reader: PieceReader): Promise<void> {
  let bytes = 0;
  let entries = 0;
  for (let entry = await reader.next(); entry; entry = await reader.next()) {
    entries += 1;
    if (entries > FUZZ_LIMITS.maxEntries) break;
    for (let piece = await entry.read(); piece; piece = await entry.read()) {
      bytes += piece.length;
      if (bytes > FUZZ_LIMITS.maxTotalBytes) break;
    }
    if (bytes > FUZZ_LIMITS.maxTotalBytes) break;
  }
  await reader.cancel();
}

/** Reads a stream to its end, or to the fuzz limit. */
export async function drainStream(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
    if (bytes > FUZZ_LIMITS.maxTotalBytes) break;
  }
  await reader.cancel();
}
