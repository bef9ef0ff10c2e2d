import type { Tally } from '../core/limit-tracker.js';

const BYTES = 0;
const ENTRIES = 1;
const STOP = 2;
const SLOTS = 3;

/**
 * The totals of one extraction that several 7-Zip instances, each on its own thread, write at
 * once (docs/decisions/038-sevenzip-on-both-cores.md): bytes and entries, added atomically so
 * that every instance's limit check sees the sum of all, and a flag that asks them all to stop
 * (one failed, or a limit tripped in another).
 */
export interface SharedTally {
  /** What crosses to another thread; `sharedTally(buffer)` there sees the same counters. */
  readonly buffer: SharedArrayBuffer;
  readonly tally: Tally;
  stop(): void;
  readonly stopped: boolean;
}

export function sharedTally(buffer = new SharedArrayBuffer(SLOTS * 8)): SharedTally {
  const slots = new BigInt64Array(buffer);
  const add = (slot: number, count: number): number => Number(Atomics.add(slots, slot, BigInt(count))) + count;
  return {
    buffer,
    tally: {
      get bytes() {
        return Number(Atomics.load(slots, BYTES));
      },
      get entries() {
        return Number(Atomics.load(slots, ENTRIES));
      },
      addBytes: (count) => add(BYTES, count),
      addEntry: () => add(ENTRIES, 1),
    },
    stop: () => void Atomics.store(slots, STOP, 1n),
    get stopped() {
      return Atomics.load(slots, STOP) !== 0n;
    },
  };
}
