import type { ExtractionLimits, LimitName } from '@archive-opener/shared';
import { EngineError } from './engine-error.js';

/**
 * Where a tracker keeps its totals: its own fields, or counters several threads add to (7-Zip's
 * instances over a 7z's separate folders, sevenzip/shared-tally.ts), so that each sees the sum.
 * `add*` return the total after the addition.
 */
export interface Tally {
  readonly bytes: number;
  readonly entries: number;
  addBytes(count: number): number;
  addEntry(): number;
}

function ownTally(): Tally {
  let bytes = 0;
  let entries = 0;
  return {
    get bytes() {
      return bytes;
    },
    get entries() {
      return entries;
    },
    addBytes: (count) => (bytes += count),
    addEntry: () => (entries += 1),
  };
}

/**
 * Counts what an extraction writes and refuses the first byte or entry over a limit. Every
 * backend funnels its writes through one tracker, so no backend can forget a limit.
 */
export class LimitTracker {
  /** Set once a limit tripped: backends that swallow errors (7-Zip) still report the right code. */
  tripped: EngineError | null = null;

  constructor(
    private readonly limits: ExtractionLimits,
    private readonly archiveBytes: number,
    private readonly tally: Tally = ownTally(),
  ) {}

  get bytesWritten(): number {
    return this.tally.bytes;
  }

  get entriesCreated(): number {
    return this.tally.entries;
  }

  addEntry(): void {
    if (this.tally.addEntry() > this.limits.maxEntries) {
      this.trip('entryCount', this.limits.maxEntries);
    }
  }

  addBytes(count: number): void {
    this.check(this.tally.addBytes(count), undefined);
  }

  /**
   * Refuses, before any of them is written, `count` bytes that an archive declares it is about to
   * write (a whole archive's total, or one entry's size) when they would pass a limit.
   */
  expectBytes(count: number): void {
    this.check(this.bytesWritten + count, count);
  }

  private check(total: number, declared: number | undefined): void {
    if (total > this.limits.maxTotalBytes) {
      this.trip('totalBytes', this.limits.maxTotalBytes, declared);
    }
    if (total > this.limits.ratioGraceBytes && total > this.archiveBytes * this.limits.maxExpansionRatio) {
      this.trip('expansionRatio', this.limits.maxExpansionRatio, declared);
    }
  }

  private trip(limit: keyof typeof LIMIT_MESSAGES, max: number, declared?: number): never {
    this.tripped ??= new EngineError('LIMIT_EXCEEDED', limitMessage(limit, max), {
      limit,
      max,
      ...(declared !== undefined && { declared }),
    });
    throw this.tripped;
  }
}

/** What a limit counted while writing says when passed: in words, not the limit's name. */
const LIMIT_MESSAGES = {
  totalBytes: (max: number) => `The archive would write more than ${max} bytes.`,
  expansionRatio: (max: number) => `The archive would expand to more than ${max} times its own size.`,
  entryCount: (max: number) => `The archive has more than ${max} entries.`,
} satisfies Partial<Record<LimitName, (max: number) => string>>;

/** The message of LIMIT_EXCEEDED for `limit`, the same wherever a reader counts it. */
export function limitMessage(limit: keyof typeof LIMIT_MESSAGES, max: number): string {
  return LIMIT_MESSAGES[limit](max);
}
